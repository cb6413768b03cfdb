/** The shop seen from outside: buying as a user, and a fake 易支付 platform that signs notices and answers queries. */
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import {
  centsToEpayMoney,
  signEpayV1,
  signEpayV2,
  verifyEpayV1,
  verifyEpayV2,
  type EpayParams,
} from '../../src/server/shop/epay/signature';
import type { ApiClient } from './api';
import type { Person } from './people';

export const buy = (api: ApiClient, who: Person, body: unknown = { product: 'xxx-sd', plan: 'year' }) =>
  api.call('POST', '/shop/order', { body, headers: who.auth });
/**
 * Each plan of the demo catalogue once: bought one after another they make as many orders, where
 * the same plan bought again soon after is the order already open (docs/api.md §10.1).
 */
export const EACH_PLAN = ['xxx-sd', 'xxx-mj'].flatMap((product) =>
  ['month', 'year', 'lifetime'].map((plan) => ({ product, plan })),
);
export const orderOf = (api: ApiClient, who: Person, orderNo: string) =>
  api.call('GET', `/shop/order/${orderNo}`, { headers: who.auth });

/** Every row the shop writes, to prove a refused notice changed nothing. */
export async function shopRows(api: ApiClient): Promise<string> {
  const tables = ['orders', 'licenses', 'license_machines', 'payments', 'notifications'];
  const dump = await Promise.all(
    tables.map(async (table) => [table, await api.sql(`SELECT * FROM ${table} ORDER BY id`)]),
  );
  return JSON.stringify(dump);
}

export const EPAY_PID = '1001';
export const EPAY_KEY = 'merchant-test-key-0123456789';

export interface FakeEpay {
  url: string;
  /** The server's settings for this platform. */
  env: Record<string, string>;
  /** A notice as the platform would send it for `orderNo`, signed unless `sign` is given. */
  notice(orderNo: string, amountCents: number, extra?: EpayParams): Record<string, string>;
  /** Orders the platform reports as paid when asked, with the amount it received. */
  paid: Map<string, number>;
  queries: number;
  /** The orders the site asked about, once per query. */
  asked: string[];
  /** How long the platform takes to answer a query: a slow platform keeps a sweep's ask open. */
  answerAfterMs: number;
  /** Whether the buyer's redirect to the platform carries our merchant signature. */
  acceptsRedirect(url: string): boolean;
  stop(): Promise<void>;
}

/** A platform on a loopback port, speaking V1 (MD5 with the merchant key) or V2 (RSA both ways). */
export async function startFakeEpay(version: 1 | 2, dir: string): Promise<FakeEpay> {
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platformPublic = join(dir, 'epay-platform-public.pem');
  const merchantPrivate = join(dir, 'epay-merchant-private.pem');
  writeFileSync(platformPublic, platform.publicKey.export({ type: 'spki', format: 'pem' }));
  writeFileSync(merchantPrivate, merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  const platformPrivatePem = platform.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const signed = (params: EpayParams): Record<string, string> => {
    const clean = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
    return version === 1
      ? { ...clean, sign: signEpayV1(params, EPAY_KEY), sign_type: 'MD5' }
      : { ...clean, sign: signEpayV2(params, platformPrivatePem), sign_type: 'RSA' };
  };
  let tradeCounter = 0;
  const fake: FakeEpay = {
    url: '',
    env: {},
    paid: new Map(),
    queries: 0,
    asked: [],
    answerAfterMs: 0,
    notice(orderNo, amountCents, extra = {}) {
      const params: EpayParams = {
        pid: EPAY_PID,
        trade_no: `T${++tradeCounter}`,
        out_trade_no: orderNo,
        type: 'alipay',
        name: '小咸鱼 · 一键助手 年卡',
        money: centsToEpayMoney(amountCents),
        trade_status: 'TRADE_SUCCESS',
        ...(version === 2 ? { timestamp: Math.floor(Date.now() / 1000) } : {}),
        ...extra,
      };
      return signed(params);
    },
    acceptsRedirect(url) {
      const params = Object.fromEntries(new URL(url).searchParams);
      const merchantPublicPem = merchant.publicKey.export({ type: 'spki', format: 'pem' }).toString();
      return version === 1 ? verifyEpayV1(params, EPAY_KEY) : verifyEpayV2(params, merchantPublicPem);
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    fake.queries++;
    const url = new URL(req.url!, 'http://fake');
    const answer = (orderNo: string | null) => {
      if (orderNo) fake.asked.push(orderNo);
      setTimeout(() => answerNow(orderNo), fake.answerAfterMs);
    };
    const answerNow = (orderNo: string | null) => {
      const cents = orderNo ? fake.paid.get(orderNo) : undefined;
      const body =
        cents === undefined
          ? { code: version === 1 ? 1 : 0, status: 0, out_trade_no: orderNo ?? '' }
          : {
              code: version === 1 ? 1 : 0,
              status: 1,
              out_trade_no: orderNo!,
              trade_no: `Q-${orderNo}`,
              money: centsToEpayMoney(cents),
              pid: EPAY_PID,
            };
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(version === 1 ? body : signed(body)));
    };
    if (version === 1 && url.pathname === '/api.php') {
      answer(url.searchParams.get('key') === EPAY_KEY ? url.searchParams.get('out_trade_no') : null);
    } else if (version === 2 && url.pathname === '/api/pay/query' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => answer(new URLSearchParams(body).get('out_trade_no')));
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  fake.env = {
    PAY_PROVIDER: 'epay',
    EPAY_URL: fake.url,
    // The stand-in platform listens on loopback over plain HTTP.
    EPAY_ALLOW_HTTP_LOOPBACK: '1',
    EPAY_PID,
    EPAY_VERSION: String(version),
    ...(version === 1
      ? { EPAY_KEY }
      : { EPAY_MERCHANT_KEY_FILE: merchantPrivate, EPAY_PLATFORM_KEY_FILE: platformPublic }),
  };
  return fake;
}

/** Sends a notice to the site as the platform does: a GET with the query string; answers the plain-text word. */
export async function sendNotice(api: ApiClient, params: Record<string, string>): Promise<string> {
  const res = await fetch(`${api.server.url}/api/shop/notify/epay?${new URLSearchParams(params)}`);
  return res.text();
}
