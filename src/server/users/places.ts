/**
 * Where a login comes from. An address is one place; an IPv6 address counts by its /64, since one
 * home or phone gets a whole /64 and rotates through it. An IPv4 address carried inside IPv6
 * counts as that IPv4 address: behind NAT64 or Teredo, every IPv4 client would otherwise share
 * one /64, and one attacker's failures would lock them all out. A device is a random cookie
 * issued at a successful login, kept on the server only as a hash.
 */
import { createHash, randomBytes } from 'node:crypto';
import { isIPv6 } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address; a dotted IPv4 tail fills the last two. */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  const text = dotted
    ? address.slice(0, dotted.index) +
      [((+dotted[1] << 8) | +dotted[2]).toString(16), ((+dotted[3] << 8) | +dotted[4]).toString(16)].join(':')
    : address;
  const [head, tail] = text.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const before = groups(head);
  const after = groups(tail);
  return [...before, ...Array(8 - before.length - after.length).fill(0), ...after];
}

const dottedQuad = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

/** The IPv4 address an IPv6 address stands for, or null when it stands for none. */
function embeddedIpv4(g: number[]): string | null {
  const zeros = (from: number, to: number) => g.slice(from, to).every((n) => n === 0);
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated, RFC 2765).
  if (zeros(0, 5) && g[5] === 0xffff) return dottedQuad(g[6], g[7]);
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return dottedQuad(g[6], g[7]);
  // ::a.b.c.d (IPv4-compatible, deprecated); `::` and `::1` are no IPv4 clients.
  if (zeros(0, 6) && g[6] !== 0) return dottedQuad(g[6], g[7]);
  // 64:ff9b::a.b.c.d, NAT64's well-known prefix (RFC 6052). Operators' own prefixes can put the
  // address elsewhere; those are counted by their /64 like any other IPv6 address.
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return dottedQuad(g[6], g[7]);
  // 2002:aabb:ccdd::/48, 6to4: the site's IPv4 address follows the prefix.
  if (g[0] === 0x2002) return dottedQuad(g[1], g[2]);
  // 2001:0::/32, Teredo: the client's public IPv4 address, inverted, in the last 32 bits.
  if (g[0] === 0x2001 && g[1] === 0) return dottedQuad(g[6] ^ 0xffff, g[7] ^ 0xffff);
  return null;
}

/** `1.2.3.4` for IPv4 (carried inside IPv6 included, see above), `2001:db8:0:1::/64` for IPv6. */
export function addressKey(ip: string): string {
  // A zone index (`fe80::1%eth0`) names the interface, not the address.
  const address = ip.split('%', 1)[0];
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  return (
    embeddedIpv4(groups) ??
    `${groups
      .slice(0, 4)
      .map((g) => g.toString(16))
      .join(':')}::/64`
  );
}

export const addressPlace = (ip: string) => `ip:${addressKey(ip)}`;

const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const newDeviceToken = () => randomBytes(32).toString('base64url');

/** The device's place, or null for a missing or malformed cookie value. */
export function devicePlace(token: string | null | undefined): string | null {
  return token && DEVICE_TOKEN.test(token) ? `device:${createHash('sha256').update(token).digest('hex')}` : null;
}
