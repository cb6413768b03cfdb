/**
 * 易支付 (epay): the buyer pays on the platform's page; the platform calls the notify endpoint,
 * and can be asked about an order whose notice never came. V1 signs with MD5 and the merchant key,
 * V2 with RSA (the merchant's key out, the platform's key in).
 */
import { EPAY_PAY_MINUTES } from '../../../contract/limits.ts';
import {
  centsToEpayMoney,
  epayMoneyToCents,
  signEpayV1,
  signEpayV2,
  verifyEpayV1,
  verifyEpayV2,
  type EpayParams,
} from '../epay/signature.ts';
import type { NoticeReading, PayableOrder, PaymentProvider, ProviderPayment } from './provider.ts';
import type { EpaySettings } from './settings.ts';

const QUERY_TIMEOUT_MS = 5000;

const withoutSignature = ({ sign: _sign, ...rest }: Record<string, unknown>) => JSON.stringify(rest);

export function epayProvider(
  settings: EpaySettings,
  siteUrl: string,
  fetchImpl: typeof fetch = fetch,
): PaymentProvider {
  const signed = (params: EpayParams): Record<string, string> => {
    const sign =
      settings.version === 1 ? signEpayV1(params, settings.key!) : signEpayV2(params, settings.merchantPrivateKeyPem!);
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(params))
      if (value !== undefined && value !== null && value !== '') out[key] = String(value);
    return { ...out, sign, sign_type: settings.version === 1 ? 'MD5' : 'RSA' };
  };
  const verified = (params: EpayParams) =>
    settings.version === 1 ? verifyEpayV1(params, settings.key!) : verifyEpayV2(params, settings.platformPublicKeyPem!);
  const timestamp = () => String(Math.floor(Date.now() / 1000));

  function paymentOf(params: Record<string, unknown>): ProviderPayment | null {
    const amountCents = epayMoneyToCents(params.money);
    const orderNo = params.out_trade_no;
    if (amountCents === null || typeof orderNo !== 'string' || !orderNo) return null;
    return {
      orderNo,
      tradeNo: typeof params.trade_no === 'string' ? params.trade_no : null,
      amountCents,
      detail: withoutSignature(params),
    };
  }

  async function queryV1(order: PayableOrder): Promise<Record<string, unknown>> {
    const query = new URLSearchParams({
      act: 'order',
      pid: settings.pid,
      key: settings.key!,
      out_trade_no: order.orderNo,
    });
    const res = await fetchImpl(`${settings.url}/api.php?${query}`, { signal: AbortSignal.timeout(QUERY_TIMEOUT_MS) });
    const answer = (await res.json()) as Record<string, unknown>;
    // V1 answers are unsigned; they are trusted because we asked the configured platform with our key.
    return Number(answer.code) === 1 ? answer : {};
  }

  async function queryV2(order: PayableOrder): Promise<Record<string, unknown>> {
    const form = new URLSearchParams(
      signed({ pid: settings.pid, out_trade_no: order.orderNo, timestamp: timestamp() }),
    );
    const res = await fetchImpl(`${settings.url}/api/pay/query`, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(QUERY_TIMEOUT_MS),
    });
    const answer = (await res.json()) as Record<string, unknown>;
    const params = Object.fromEntries(
      Object.entries(answer).filter(([, value]) => typeof value === 'string' || typeof value === 'number'),
    ) as EpayParams;
    return Number(answer.code) === 0 && verified(params) ? answer : {};
  }

  return {
    name: 'epay',
    payMinutes: EPAY_PAY_MINUTES,

    payStep(order) {
      const params = signed({
        pid: settings.pid,
        out_trade_no: order.orderNo,
        notify_url: `${siteUrl}/api/shop/notify/epay`,
        // Not `?no=`: platforms append their own query with `?` or `&`; the order page reads `out_trade_no`.
        return_url: `${siteUrl}/pay/order`,
        name: `${order.productName} ${order.planName}`,
        money: centsToEpayMoney(order.amountCents),
        ...(settings.version === 2 ? { timestamp: timestamp() } : {}),
      });
      const path = settings.version === 1 ? '/submit.php' : '/api/pay/submit';
      return { kind: 'redirect', url: `${settings.url}${path}?${new URLSearchParams(params)}` };
    },

    readNotice(params): NoticeReading {
      if (!verified(params)) return { ok: false, reason: '签名无效' };
      if (params.trade_status !== 'TRADE_SUCCESS')
        return { ok: false, reason: `交易状态不是成功：${params.trade_status ?? '（空）'}` };
      if (params.pid !== settings.pid) return { ok: false, reason: `商户号不符：${params.pid ?? '（空）'}` };
      const payment = paymentOf(params);
      return payment ? { ok: true, payment } : { ok: false, reason: '金额或订单号格式不对' };
    },

    async query(order) {
      const answer = settings.version === 1 ? await queryV1(order) : await queryV2(order);
      if (Number(answer.status) !== 1 || answer.out_trade_no !== order.orderNo) return null;
      return paymentOf(answer);
    },
  };
}
