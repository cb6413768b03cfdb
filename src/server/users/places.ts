/**
 * Where a login comes from. An address is one place; an IPv6 address counts by its /64, since one
 * home or phone gets a whole /64 and rotates through it. A device is a random cookie issued at a
 * successful login, kept on the server only as a hash.
 */
import { createHash, randomBytes } from 'node:crypto';
import { isIPv6 } from 'node:net';

/** `1.2.3.4` for IPv4 (mapped ones included), `2001:db8:0:1::/64` for IPv6. */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head, tail] = address.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  const full = [...before, ...Array(Math.max(0, 8 - before.length - after.length)).fill('0'), ...after];
  return `${full.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

export const addressPlace = (ip: string) => `ip:${addressKey(ip)}`;

const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const newDeviceToken = () => randomBytes(32).toString('base64url');

/** The device's place, or null for a missing or malformed cookie value. */
export function devicePlace(token: string | null | undefined): string | null {
  return token && DEVICE_TOKEN.test(token) ? `device:${createHash('sha256').update(token).digest('hex')}` : null;
}
