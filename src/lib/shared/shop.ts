/** The shop's pure rules, shared by the product page, the order page and the user centre. */
import type { OrderStatus } from '../../contract/shop';

/** ¥29.00 from integer cents: prices never pass through floating point until shown. */
export function formatPrice(cents: number): string {
  return `¥${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

const ORDER_NO = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The order a URL of the order page names: `?no=`, or `?out_trade_no=` which the epay provider
 * appends when it sends the buyer back. Only which order to show: whether it is paid is asked of
 * the server, never read from the URL.
 */
export function orderNoFromSearch(search: string): string | null {
  const params = new URLSearchParams(search);
  const no = (params.get('no') ?? params.get('out_trade_no') ?? '').trim();
  return ORDER_NO.test(no) ? no : null;
}

export function orderPath(orderNo: string): string {
  return `/pay/order?no=${encodeURIComponent(orderNo)}`;
}

/** The states an order can still leave by itself, so its page keeps asking. */
/** An order's time to pay in words: "15 分钟", "24 小时". */
export function payWindowText(minutes: number): string {
  return minutes % 60 === 0 ? `${minutes / 60} 小时` : `${minutes} 分钟`;
}

/** How an order's status reads: a pending order whose buyer said 我已付款 waits for the owner (`reported`). */
export function orderStage(order: { status: OrderStatus; buyer_paid_at: string | null }): OrderStatus | 'reported' {
  return order.status === 'pending' && order.buyer_paid_at ? 'reported' : order.status;
}

export function isOrderWaiting(status: OrderStatus): boolean {
  return status === 'pending' || status === 'paid';
}

/** Milliseconds until an ISO time, never below zero; zero for a time that cannot be read. */
export function msUntil(iso: string, now: number): number {
  const then = Date.parse(iso);
  return Number.isNaN(then) ? 0 : Math.max(0, then - now);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "14:05" for the time left to pay; "1:02:03" past an hour. Rounds up, so "0:00" means time is up. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/** A machine fingerprint short enough for a row: its first 8 and last 4 characters. */
export function shortFingerprint(fingerprint: string): string {
  return fingerprint.length <= 16 ? fingerprint : `${fingerprint.slice(0, 8)}…${fingerprint.slice(-4)}`;
}

/** A payment page's address from the server is followed only if it is a web address. */
export function isWebUrl(url: string, base: string): boolean {
  try {
    return /^https?:$/.test(new URL(url, base).protocol);
  } catch {
    return false;
  }
}
