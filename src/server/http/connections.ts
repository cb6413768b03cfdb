/**
 * How long and how many: a connection may take its time, but not forever, and the server takes
 * only as many at once as a small machine can hold. Without these, slow bodies held sockets open
 * for two minutes and more, and enough of them exhaust memory and file handles.
 */
import type { Server } from 'node:http';
import { wholeNumber } from '../shared/settingValues.ts';

export interface ConnectionSettings {
  /** The whole request, head and body, must arrive within this; then 408 and the socket is closed. */
  requestTimeoutMs: number;
  /** The request's head must arrive within this (at most the request timeout). */
  headersTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Connections beyond this many at once are closed as they arrive. */
  maxConnections: number;
}

/** `REQUEST_TIMEOUT_SECONDS` (60: a 2 MB upload at 40 KB/s fits) and `MAX_CONNECTIONS` (1024). */
export function connectionSettings(env: Record<string, string | undefined>): ConnectionSettings {
  const requestTimeoutMs = wholeNumber(env, 'REQUEST_TIMEOUT_SECONDS', 60, 1) * 1000;
  return {
    requestTimeoutMs,
    headersTimeoutMs: Math.min(20_000, requestTimeoutMs),
    keepAliveTimeoutMs: 5_000,
    maxConnections: wholeNumber(env, 'MAX_CONNECTIONS', 1024, 1),
  };
}

/** The timeouts are checked every second instead of Node's default 30 s, so they hold to the second. */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;

export function applyConnectionSettings(server: Server, settings: ConnectionSettings): void {
  server.requestTimeout = settings.requestTimeoutMs;
  server.headersTimeout = settings.headersTimeoutMs;
  server.keepAliveTimeout = settings.keepAliveTimeoutMs;
  server.maxConnections = settings.maxConnections;
}
