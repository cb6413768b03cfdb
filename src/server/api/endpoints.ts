/**
 * Routes registered against the endpoint table (src/contract/endpoints.ts): a group's router is
 * mounted at its prefix and each route at its entry's path under it, so no path is written twice.
 */
import { Router, type RequestHandler } from 'express';
import type { Budget } from '../../contract/budgets.ts';
import type { Endpoint, EndpointGroup, HttpMethod } from '../../contract/endpoints.ts';
import { budgetOf } from './middleware.ts';

/** Where the API router is mounted (src/server/http/app.ts). */
export const API_ROOT = '/api';

/** Where a group's router goes in the API router. */
export const mountPath = (group: EndpointGroup): string => group.prefix.slice(API_ROOT.length) || '/';

/** Express's router method for each HTTP method of the contract. */
export const METHODS = { GET: 'get', POST: 'post', PUT: 'put', DELETE: 'delete' } as const satisfies Record<HttpMethod, string>;

/**
 * The router of one group, and `route`, which registers the handlers of the group's entry by its name. The budgets among the
 * handlers must be the entry's, in its order: the table cannot say one thing while the route does another.
 */
export function groupRouter<E extends Record<string, Endpoint>>(group: EndpointGroup<E>) {
  const router = Router();
  function route(key: keyof E & string, ...handlers: RequestHandler[]): void {
    const endpoint = group.endpoints[key];
    const name = `${endpoint.method} ${endpoint.path}`;
    if (!endpoint.path.startsWith(`${group.prefix}/`)) throw new Error(`${name} 不在 ${group.prefix} 之下`);
    const spent = handlers.map(budgetOf).filter((budget): budget is Budget => budget !== undefined);
    if (spent.length !== endpoint.budgets.length || spent.some((budget, i) => budget !== endpoint.budgets[i])) throw new Error(`${name} 的限流与接口表不一致`);
    router[METHODS[endpoint.method]](endpoint.path.slice(group.prefix.length), ...handlers);
  }
  return { router, route };
}
