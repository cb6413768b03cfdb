/**
 * The routes (src/contract/routes.ts) type both sides of a call. Nothing here runs: `npm run check`
 * and `npx tsc --noEmit -p .` compile this file, and each `@ts-expect-error` must meet an error on
 * the line below it, or the check fails. Each pair shows the code as it is, compiling, and the same
 * code against a route whose type changed, failing.
 */
import { z } from 'astro/zod';
import type { ArticleLive } from '../../src/contract/articles';
import { API } from '../../src/contract/endpoints';
import { ARTICLE_VIEW, SHOP_EPAY_NOTICE, USER_LOGOUT, WRITING_FILE, type Route } from '../../src/contract/routes';
import { createRequest } from '../../src/lib/browser/request';
import { groupRouter } from '../../src/server/api/endpoints';
import { inputSchema } from '../../src/server/api/validate';

/** ARTICLE_VIEW as it would be had its answer changed: the view count sent as words. */
type ViewsInWords = Omit<ArticleLive, 'view_times'> & { view_times: string };
declare const VIEW_CHANGED: Route<{ id: number }, ViewsInWords>;
declare const live: ArticleLive;

const { call } = createRequest({ notice: () => {} });
const { route, routeBare } = groupRouter(API.article);

/** The browser reads the counts as numbers, as the article's store does (src/stores/article.ts). */
export async function browser(): Promise<number[]> {
  const { result } = await call(ARTICLE_VIEW, { id: 1 });
  const now: number = result!.view_times;
  const changed = await call(VIEW_CHANGED, { id: 1 });
  // @ts-expect-error: the count is words now, and the code that reads a number no longer compiles.
  const then: number = changed.result!.view_times;
  return [now, then];
}

/** The server answers what the article service gives, as the article routes do (src/server/api/routes/articles.ts). */
export function server(): void {
  route(ARTICLE_VIEW, () => live);
  // @ts-expect-error: the handler that answers the counts as before no longer compiles.
  route(VIEW_CHANGED, () => live);
  // @ts-expect-error: nor does one that answers something else than the route says.
  route(ARTICLE_VIEW, () => ({ ...live, view_times: '三千' }));
  // @ts-expect-error: a handler must answer: an endpoint that answers more than `true` gets no default.
  route(ARTICLE_VIEW, () => {});
  // An endpoint that answers only `true` (done) needs no answer from its handler.
  route(USER_LOGOUT, () => {});
}

/** What a call takes is the route's input too. */
export function inputs(): void {
  // @ts-expect-error: an id is a number.
  void call(ARTICLE_VIEW, { id: '1' });
  // @ts-expect-error: the view of an article needs the article.
  void call(ARTICLE_VIEW);
  // @ts-expect-error: an endpoint that takes nothing is given nothing.
  void call(USER_LOGOUT, { id: 1 });
  inputSchema(ARTICLE_VIEW, z.object({ id: z.number() }));
  // @ts-expect-error: the server's schema parses what the browser is typed to send.
  inputSchema(ARTICLE_VIEW, z.object({ id: z.string() }));
}

/** An answer that is not an envelope (a file, the payment provider's word) is neither called nor answered as one. */
export function bare(): void {
  // @ts-expect-error: no page calls the file endpoint: an <img> fetches it.
  void call(WRITING_FILE, { path: 'images/a.png' });
  // @ts-expect-error: its handler writes the answer itself.
  route(SHOP_EPAY_NOTICE, () => 'success');
  routeBare(SHOP_EPAY_NOTICE, (_req, res) => void res.type('text/plain').send('success'));
  // @ts-expect-error: and an endpoint that answers an envelope is not registered bare.
  routeBare(ARTICLE_VIEW, (_req, res) => void res.json(live));
}
