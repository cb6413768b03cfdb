/**
 * Routes registered against the endpoint table (src/contract/endpoints.ts): a group's router is
 * mounted at its prefix and each route at its path under it, so no path is written twice. A
 * handler answers what its route says it answers (src/contract/routes.ts), and `route` sends it in
 * the envelope: a handler that answers anything else does not compile.
 */
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Budget } from '../../contract/budgets.ts';
import { endpointOf, type ApiGroup } from '../../contract/endpoints.ts';
import type { AnswerOf, Bare, HttpMethod, Route } from '../../contract/routes.ts';
import { ok, Tip, tipBody } from './envelope.ts';
import { budgetOf } from './middleware.ts';

/** Where the API router is mounted (src/server/http/app.ts). */
export const API_ROOT = '/api';

/** Where a group's router goes in the API router. */
export const mountPath = (group: ApiGroup): string => group.prefix.slice(API_ROOT.length) || '/';

/** Express's router method for each HTTP method of the contract. */
export const METHODS = { GET: 'get', POST: 'post', PUT: 'put', DELETE: 'delete' } as const satisfies Record<
  HttpMethod,
  string
>;

/**
 * What a handler answers: the route's answer, or a tip (a notice for the reader) that carries it.
 * The handler of an endpoint that answers only `true` (done) returns nothing.
 */
export type Reply<Answer> = Answer | Tip<Answer> | ([Answer] extends [true] ? void : never);

/** The handler that answers a call: it returns the answer, and `route` writes it. */
export type AnswerHandler<Answer> = (req: Request, res: Response) => Reply<Answer> | Promise<Reply<Answer>>;

/**
 * The handlers of a route: any middleware (budgets, checks), then the handler that answers. (An
 * endpoint whose answer is not an envelope is registered with `routeBare`: no handler can return a `Bare`.)
 */
export type Handlers<R extends Route> = [...RequestHandler[], AnswerHandler<AnswerOf<R>>];

/** The handler as Express calls it: the answer in the envelope, unless the 408 of `timeout` has gone out meanwhile or the client has left. */
function answering<Answer>(handler: AnswerHandler<Answer>): RequestHandler {
  return async (req, res) => {
    const reply = await handler(req, res);
    if (res.headersSent || res.destroyed) return;
    res.json(reply instanceof Tip ? tipBody(reply) : ok(reply === undefined ? true : reply));
  };
}

/**
 * The router of one group, `route`, which registers a route's handlers, and `routeBare`, the same
 * for a route whose answer is not an envelope. The budgets among the handlers must be the table's
 * for the route, in its order: the table cannot say one thing while the route does another.
 */
export function groupRouter(group: ApiGroup) {
  const router = Router();
  function register(route: Route, handlers: RequestHandler[]): void {
    const endpoint = endpointOf(route);
    if (!endpoint.path.startsWith(`${group.prefix}/`)) throw new Error(`${route} 不在 ${group.prefix} 之下`);
    const spent = handlers.map(budgetOf).filter((budget): budget is Budget => budget !== undefined);
    if (spent.length !== endpoint.budgets.length || spent.some((budget, i) => budget !== endpoint.budgets[i]))
      throw new Error(`${route} 的限流与接口表不一致`);
    router[METHODS[endpoint.method]](endpoint.path.slice(group.prefix.length), ...handlers);
  }
  function route<R extends Route>(route: R, ...handlers: Handlers<R>): void {
    const all = handlers as RequestHandler[];
    register(route, [...all.slice(0, -1), answering(all.at(-1) as AnswerHandler<unknown>)]);
  }
  function routeBare<R extends Route>(
    route: AnswerOf<R> extends Bare<unknown> ? R : never,
    ...handlers: RequestHandler[]
  ): void {
    register(route, handlers);
  }
  return { router, route, routeBare };
}
