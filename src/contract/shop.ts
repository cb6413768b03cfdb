/** The shop and the license API on the wire (docs/api.md §10). Prices are integer cents, never floating point. */

export interface PlanItem {
  id: string;
  name: string;
  price_cents: number;
  /** How long a license lasts; null for a lifetime plan. */
  days: number | null;
  max_machines: number;
}

/** `GET /api/shop/products`. */
export interface ProductItem {
  slug: string;
  name: string;
  description: string;
  plans: PlanItem[];
}

/** `pending` → `paid` → `fulfilled`; or `expired` (unpaid in time), or `refunded` (the license is revoked). */
export type OrderStatus = 'pending' | 'paid' | 'fulfilled' | 'expired' | 'refunded';
export const ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'paid', 'fulfilled', 'expired', 'refunded'];

/** The payment providers a site can be configured with (`PAY_PROVIDER`). */
export type PayProviderName = 'manual' | 'epay';

export interface PayQrCode {
  /** 微信 or 支付宝. */
  name: string;
  url: string;
}

/**
 * How to pay an order: `manual` shows the owner's QR codes, the amount and the order number to
 * write in the payment note; `redirect` sends the buyer to the provider's page at `url`.
 */
export interface PayStep {
  kind: 'redirect' | 'qrcode' | 'manual';
  url?: string;
  /** The first of `qrcodes`, for clients that show one. */
  qrcode?: string;
  qrcodes?: PayQrCode[];
  instructions?: string;
}

/** `POST /api/shop/order`: `provider` may be left out for the site's own. */
export interface OrderBody {
  product: string;
  plan: string;
  provider?: PayProviderName;
}

/** What `POST /api/shop/order` answers. `expires_at` is ISO 8601. */
export interface CreatedOrder {
  order_no: string;
  amount_cents: number;
  status: OrderStatus;
  pay: PayStep;
  expires_at: string;
}

/**
 * `GET /api/shop/order/{order_no}` and the items of `GET /api/shop/orders`. `createdAt` and
 * `paidAt` read like every other date of the API (`YYYY-MM-DD HH:mm:ss`); `expires_at` is ISO 8601.
 * `license_key` once fulfilled (not after a refund); `pay` while the order waits for payment.
 */
export interface OrderItem {
  order_no: string;
  product: string;
  plan: string;
  product_name: string;
  plan_name: string;
  amount_cents: number;
  status: OrderStatus;
  provider: PayProviderName;
  createdAt: string;
  paidAt: string | null;
  expires_at: string;
  /** When the buyer said 我已付款 (manual payments); the order then waits for the owner's confirmation. */
  buyer_paid_at: string | null;
  license_key?: string;
  pay?: PayStep;
}

export type LicenseState = 'active' | 'expired' | 'revoked';

export interface MachineItem {
  id: number;
  fingerprint: string;
  name: string;
  activatedAt: string;
  lastSeenAt: string;
}

/** `GET /api/shop/licenses`: my licenses, each with the machines it is activated on. */
export interface LicenseItem {
  order_no: string;
  product: string;
  product_name: string;
  plan: string;
  plan_name: string;
  license_key: string;
  state: LicenseState;
  /** ISO 8601; null for a lifetime plan. */
  expires_at: string | null;
  max_machines: number;
  machines: MachineItem[];
}

/** The answers of `POST /api/license/validate`, and the `result.code` of a refused activation. */
export type LicenseCode = 'VALID' | 'EXPIRED' | 'REVOKED' | 'NOT_ACTIVATED' | 'INVALID' | 'MACHINE_LIMIT';

export interface ActivateBody {
  key: string;
  fingerprint: string;
  name?: string;
}

export interface Activation {
  valid: true;
  machine_id: number;
  machines_used: number;
  max_machines: number;
  expires_at: string | null;
  machine_file: string;
}

export interface LicenseCheckBody {
  key: string;
  fingerprint: string;
}

export interface Validation {
  valid: boolean;
  code: Exclude<LicenseCode, 'MACHINE_LIMIT'>;
  expires_at: string | null;
  machine_file?: string;
}

export interface Deactivation {
  machines_used: number;
}
