/**
 * The folders a test site of its own starts from, shared by the integration and end-to-end suites:
 * a copy of the demo content, and a dist folder whose live build is a copy of the suite's (built
 * from that same content), so a site can publish without touching the project's own.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { currentRelease, publishRelease, RELEASES } from '../src/server/releases/releases';

/** The demo articles (unless `articles` is false) and talks, under `content`. */
export function copyDemoContent(content: string, { articles = true } = {}): void {
  if (articles) cpSync('src/content/articles', join(content, 'articles'), { recursive: true });
  cpSync('src/content/talks', join(content, 'talks'), { recursive: true });
}

/** Makes a copy of the suite's build the live one of `dist`; `before` may change it first. Returns its folder. */
export function distWithSuiteBuild(dist: string, before: (release: string) => void = () => {}): string {
  const first = join(dist, RELEASES, '0001-first');
  cpSync(currentRelease('dist'), first, { recursive: true });
  before(first);
  publishRelease(dist, first);
  return first;
}
