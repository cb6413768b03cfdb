/**
 * The browser's request client: `call(ROUTE, input)` calls an endpoint by its route
 * (contract/routes.ts), which gives its method, its path, what it takes and what it answers. Each
 * route is a constant the bundler writes into the scripts that call it, so a page carries only the
 * calls it makes. The islands load it; the page scripts make no call through it, so a page where no
 * island wakes loads none of it.
 */
import { createRequest } from '../lib/browser/request';
import { sessionLost } from './sessionLost';
import { showNotice } from './toasts';

const deps = { notice: showNotice, onUnauthorized: sessionLost };

export const { call } = createRequest(deps);

/** `call` with a fetch and a time limit of its own: an upload that shows its progress. */
export const callWith = (fetchWith: typeof fetch, timeoutMs: number) =>
  createRequest({ ...deps, fetch: fetchWith, timeoutMs }).call;
