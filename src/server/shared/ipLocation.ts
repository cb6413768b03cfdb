/**
 * IP 属地, as Chinese sites show it beside a comment: the province for an address in China, the
 * country elsewhere, 未知 when the offline database does not know it. It is looked up once, when
 * a comment or post is written, from the database the `ip2region` package installs (no network);
 * the address itself is never stored or shown.
 */
import { createRequire } from 'node:module';
import type IP2RegionClass from 'ip2region';

export const UNKNOWN_LOCATION = '未知';

// A CommonJS package whose class is its `default` export.
const IP2Region: typeof IP2RegionClass = createRequire(import.meta.url)('ip2region').default;

/** Loaded at the first lookup (about 12 MB), so a site with the feature off never holds it. */
let reader: IP2RegionClass | null = null;

/** The longest first, so 广西壮族自治区 loses the whole suffix. */
const SUFFIXES = ['维吾尔自治区', '壮族自治区', '回族自治区', '特别行政区', '自治区', '省', '市'];

/** 广东省 → 广东, 广西壮族自治区 → 广西, 上海市 → 上海: the form readers know. */
export function shortProvince(province: string): string {
  const suffix = SUFFIXES.find((s) => province.endsWith(s) && province.length > s.length);
  return suffix ? province.slice(0, -suffix.length) : province;
}

export function ipLocation(ip: string): string {
  // An IPv4 client on a dual-stack socket arrives as ::ffff:1.2.3.4.
  const address = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice('::ffff:'.length) : ip;
  let found: { country: string; province: string } | null;
  try {
    reader ??= new IP2Region();
    found = reader.search(address);
  } catch {
    return UNKNOWN_LOCATION;
  }
  if (!found) return UNKNOWN_LOCATION;
  if (found.country === '中国') return shortProvince(found.province) || '中国';
  return found.country || UNKNOWN_LOCATION;
}
