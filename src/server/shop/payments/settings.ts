/** How the site takes payments (README, 配置): `PAY_PROVIDER` and, for 易支付, the merchant's account. */
import { readFileSync } from 'node:fs';
import { MANUAL_PAY_HOURS } from '../../../contract/limits.ts';
import type { PayProviderName } from '../../../contract/shop.ts';
import { trimEnd } from '../../../lib/shared/trim.ts';

export interface EpaySettings {
  /** The platform's address, e.g. `https://pay.example.com`; `submit.php` and `api.php` live under it. */
  url: string;
  pid: string;
  version: 1 | 2;
  /** V1: the merchant key (MD5 signatures). */
  key?: string;
  /** V2: the merchant's RSA private key (signs) and the platform's public key (verifies notices). */
  merchantPrivateKeyPem?: string;
  platformPublicKeyPem?: string;
}

export interface PaymentSettings {
  provider: PayProviderName;
  /** The site's public address, which the provider calls back and sends buyers back to. */
  siteUrl: string;
  epay: EpaySettings | null;
  /** How often unpaid orders past their time are expired. */
  sweepMs: number;
  /** How long a manual payment may take before its order expires (`MANUAL_PAY_HOURS`). */
  manualPayHours: number;
}

type Env = Record<string, string | undefined>;

function readPem(env: Env, name: string): string {
  const path = env[name];
  if (!path) throw new Error(`易支付 V2 需要设置 ${name}（PEM 文件路径）`);
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`${name} 指向的文件无法读取：${(error as Error).message}`);
  }
}

/** A platform on this machine, as a test's stand-in is: nothing crosses a network. */
function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function epaySettings(env: Env): EpaySettings {
  const url = trimEnd(env.EPAY_URL ?? '', '/');
  if (!/^https?:\/\/[^\s]+$/.test(url))
    throw new Error('PAY_PROVIDER=epay 需要设置 EPAY_URL（易支付平台地址，如 https://pay.example.com）');
  if (url.startsWith('http:') && !(env.EPAY_ALLOW_HTTP_LOOPBACK === '1' && isLoopback(url))) {
    throw new Error('EPAY_URL 必须是 https 地址：用 http 时，商户密钥签名的请求和支付结果会以明文经过网络，可被篡改');
  }
  const pid = env.EPAY_PID ?? '';
  if (!/^\w{1,32}$/.test(pid)) throw new Error('PAY_PROVIDER=epay 需要设置 EPAY_PID（商户号）');
  const version = env.EPAY_VERSION === '2' ? 2 : env.EPAY_VERSION === undefined || env.EPAY_VERSION === '1' ? 1 : null;
  if (version === null) throw new Error('EPAY_VERSION 只能是 1 或 2');
  if (version === 1) {
    if (!env.EPAY_KEY) throw new Error('易支付 V1 需要设置 EPAY_KEY（商户密钥）');
    return { url, pid, version, key: env.EPAY_KEY };
  }
  return {
    url,
    pid,
    version,
    merchantPrivateKeyPem: readPem(env, 'EPAY_MERCHANT_KEY_FILE'),
    platformPublicKeyPem: readPem(env, 'EPAY_PLATFORM_KEY_FILE'),
  };
}

/** `siteUrl`: the site's public address, as the server config reads it (SITE_URL, or the site config's). */
export function paymentSettings(env: Env, siteUrl: string): PaymentSettings {
  const provider = env.PAY_PROVIDER || 'manual';
  if (provider !== 'manual' && provider !== 'epay') throw new Error('PAY_PROVIDER 只能是 manual 或 epay');
  const sweepSeconds = Number(env.ORDER_SWEEP_SECONDS || 60);
  if (!Number.isInteger(sweepSeconds) || sweepSeconds < 1) throw new Error('ORDER_SWEEP_SECONDS 必须是正整数（秒）');
  const manualPayHours = Number(env.MANUAL_PAY_HOURS || MANUAL_PAY_HOURS);
  if (!(manualPayHours > 0 && manualPayHours <= 24 * 30))
    throw new Error('MANUAL_PAY_HOURS 必须是 0 到 720 之间的小时数（可以带小数）');
  return {
    provider,
    siteUrl,
    epay: provider === 'epay' ? epaySettings(env) : null,
    sweepMs: sweepSeconds * 1000,
    manualPayHours,
  };
}
