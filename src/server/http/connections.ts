/**
 * How long and how many: a connection may take its time, but not forever, and the server takes
 * only as many at once as a small machine can hold. Without these, slow bodies held sockets open
 * for two minutes and more, and enough of them exhaust memory and file handles. One address may
 * hold only a share of them: a thousand slow sockets from one machine would otherwise fill the
 * server's connections and lock every other reader out.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import express from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { envWholeNumber } from '../shared/envValues.ts';

export interface ConnectionSettings {
  /** The whole request, head and body, must arrive within this; then 408 and the socket is closed. */
  requestTimeoutMs: number;
  /** The request's head must arrive within this (at most the request timeout). */
  headersTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Connections beyond this many at once are closed as they arrive. */
  maxConnections: number;
  /** Connections one address (IPv6 by its /64) may hold at once; a trusted proxy's are its own to limit. */
  maxConnectionsPerAddress: number;
  /** A new connection that has sent nothing in this long is closed. */
  firstBytesTimeoutMs: number;
}

/**
 * `REQUEST_TIMEOUT_SECONDS` (60: a 2 MB upload at 40 KB/s fits), `MAX_CONNECTIONS` (1024) and
 * `MAX_CONNECTIONS_PER_ADDRESS` (128: a browser opens up to 6, so some twenty readers behind one
 * carrier's or campus's address at the same moment; their idle ones close after 5 s).
 */
export function connectionSettings(env: Record<string, string | undefined>): ConnectionSettings {
  const requestTimeoutMs = envWholeNumber(env, 'REQUEST_TIMEOUT_SECONDS', 60, 1) * 1000;
  const maxConnections = envWholeNumber(env, 'MAX_CONNECTIONS', 1024, 1);
  return {
    requestTimeoutMs,
    headersTimeoutMs: Math.min(20_000, requestTimeoutMs),
    keepAliveTimeoutMs: 5_000,
    maxConnections,
    maxConnectionsPerAddress: Math.min(maxConnections, envWholeNumber(env, 'MAX_CONNECTIONS_PER_ADDRESS', 128, 1)),
    // A browser's speculative connection waits a few seconds for its page; a socket opened to be held says nothing for longer.
    firstBytesTimeoutMs: Math.min(10_000, requestTimeoutMs),
  };
}

/** The timeouts are checked every second instead of Node's default 30 s, so they hold to the second. */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;

/**
 * `trustProxy` is the app's `TRUST_PROXY` setting: a connection from a proxy it trusts carries many
 * readers, and the proxy limits each of them (README, nginx's `limit_conn`).
 */
export function applyConnectionSettings(
  server: Server,
  settings: ConnectionSettings,
  trustProxy: number | string | false = false,
): void {
  server.requestTimeout = settings.requestTimeoutMs;
  server.headersTimeout = settings.headersTimeoutMs;
  server.keepAliveTimeout = settings.keepAliveTimeoutMs;
  server.maxConnections = settings.maxConnections;
  const fromTrustedProxy = trustedProxies(trustProxy);
  const held = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const silence = setTimeout(() => socket.bytesRead === 0 && socket.destroy(), settings.firstBytesTimeoutMs).unref();
    socket.once('close', () => clearTimeout(silence));
    const address = socket.remoteAddress;
    if (!address || fromTrustedProxy(address)) return;
    const key = ipKeyGenerator(address, 64);
    const count = held.get(key) ?? 0;
    if (count >= settings.maxConnectionsPerAddress) return void socket.destroy();
    held.set(key, count + 1);
    socket.once('close', () => {
      const left = held.get(key)! - 1;
      if (left === 0) held.delete(key);
      else held.set(key, left);
    });
  });
}

/** Whether the peer of a connection is a proxy the setting trusts, as Express decides it for `req.ip`. */
function trustedProxies(setting: number | string | false): (address: string) => boolean {
  const trusts = express().set('trust proxy', setting).get('trust proxy fn') as (
    address: string,
    hop: number,
  ) => boolean;
  return (address) => trusts(address, 0);
}
