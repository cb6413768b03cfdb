/** What every payment provider offers the shop; the site uses one, chosen by `PAY_PROVIDER`. */
import type { PayProviderName, PayStep } from '../../../contract/shop.ts';

/** What a provider needs to know of an order to take its payment. */
export interface PayableOrder {
  orderNo: string;
  amountCents: number;
  productName: string;
  planName: string;
}

/** Money the provider says it received for an order; the shop still checks it against the order. */
export interface ProviderPayment {
  orderNo: string;
  tradeNo: string | null;
  amountCents: number;
  /** The notice or answer as received, without its signature, kept for the owner. */
  detail: string;
}

export type NoticeReading = { ok: true; payment: ProviderPayment } | { ok: false; reason: string };

export interface PaymentProvider {
  name: PayProviderName;
  /** How long an order waits for its payment before it expires. */
  payMinutes: number;
  /** How the buyer pays this order. */
  payStep(order: PayableOrder): PayStep;
  /** Checks a notice the provider sent (signature, status, merchant) and reads the payment from it. */
  readNotice?(params: Record<string, string>): NoticeReading;
  /** Asks the provider whether an order was paid, for a notice that never came; null when unpaid or unknown. */
  query?(order: PayableOrder): Promise<ProviderPayment | null>;
}
