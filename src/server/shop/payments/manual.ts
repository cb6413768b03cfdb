/**
 * Manual payment, the default that works offline: the buyer scans the owner's WeChat or Alipay
 * code and writes the order number in the note; the owner confirms in the admin console.
 */
import { formatPrice } from '../../../lib/shared/shop.ts';
import type { PaymentProvider } from './provider.ts';

export interface OwnerQrCodes {
  weChatQr: string;
  aliPayQr: string;
}

export function manualProvider(codes: OwnerQrCodes, payHours: number): PaymentProvider {
  const qrcodes = [
    { name: '微信支付', url: codes.weChatQr },
    { name: '支付宝', url: codes.aliPayQr },
  ].filter((code) => code.url);
  return {
    name: 'manual',
    payMinutes: payHours * 60,
    payStep: (order) => ({
      kind: 'manual',
      qrcode: qrcodes[0]?.url,
      qrcodes,
      instructions: `请用微信或支付宝扫码支付 ${formatPrice(order.amountCents)}，并在付款备注中填写订单号 ${order.orderNo}，付款后点「我已付款」。站长确认收款后，本页会自动显示激活码。`,
    }),
  };
}
