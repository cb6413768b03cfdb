/**
 * What happens when a call finds the session gone: the session wiring (session.ts, run by every
 * page) plugs it in, and the request client (api.ts, loaded with the first island that calls the
 * server) calls it. A module of its own, so that the page scripts do not load the request client.
 */
let onUnauthorized: () => void = () => {};

export function configureSession(options: { onUnauthorized: () => void }): void {
  onUnauthorized = options.onUnauthorized;
}

export const sessionLost = (): void => onUnauthorized();
