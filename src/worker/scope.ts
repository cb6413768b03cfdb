/**
 * The service worker's own globals, for both workers (sw.ts, unregister.ts): TypeScript's
 * `webworker` library cannot be loaded beside the DOM one the rest of the project compiles with,
 * so the few used are declared here.
 */
export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
export interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
export interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly source: { postMessage(message: unknown): void } | null;
}
interface WorkerScope {
  /** This worker itself; in Chromium since 127, Firefox 120, Safari 17.4. */
  serviceWorker?: { state: string };
  registration: { unregister(): Promise<boolean> };
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

export const worker = self as unknown as WorkerScope;
