/**
 * The browser's request client: `call(ROUTE, input)` calls an endpoint by its route
 * (contract/routes.ts), which gives its method, its path, what it takes and what it answers. It is
 * in the script every page runs; each route is a constant the bundler writes into the scripts that
 * call it, so a page carries only the calls it makes.
 */
import { createRequest } from '../lib/browser/request';
import { showNotice } from './toasts';

let unauthorizedHandler: () => void = () => {};

/** The accounts module plugs in what happens when the session is gone. */
export function configureSession(options: { onUnauthorized: () => void }) {
  unauthorizedHandler = options.onUnauthorized;
}

const deps = { notice: showNotice, onUnauthorized: () => unauthorizedHandler() };

export const { call } = createRequest(deps);

/** `call` with a fetch and a time limit of its own: an upload that shows its progress. */
export const callWith = (fetchWith: typeof fetch, timeoutMs: number) => createRequest({ ...deps, fetch: fetchWith, timeoutMs }).call;
