/** The order page: the order as the server last told it, kept current while it waits, and 我已付款. */
import { map } from 'nanostores';
import { call } from '../client/api';
import { SHOP_GET_ORDER, SHOP_REPORT_PAID } from '../contract/routes';
import type { OrderItem } from '../contract/shop';
import { shopText } from '../i18n/shop.zh-CN';
import { createRequest, refusalOf, RequestError } from '../lib/browser/request';
import { isOrderWaiting } from '../lib/shared/shop';
import { $isLoggedIn, clearUser } from './user';

/**
 * For reading the order on arrival and then every few seconds: the page shows a missing order, a
 * lost session or a failed read itself, so no notice pops up for each attempt and a lost session
 * does not take the buyer away from the order they are looking at.
 */
const { call: quietCall } = createRequest({ notice: () => {} });

/** `none`: the URL names no order; `anonymous`: not logged in; `failed`: the first read did not get through. */
export type OrderView = 'loading' | 'none' | 'anonymous' | 'missing' | 'failed' | 'ready';

export interface OrderPageState {
  view: OrderView;
  order: OrderItem | null;
  /** 我已付款 is on its way to the server. */
  reporting: boolean;
  /** Why 我已付款 did not get through, in Chinese; empty when there is nothing to say. */
  problem: string;
}

export const $orderPage = map<OrderPageState>({ view: 'loading', order: null, reporting: false, problem: '' });
const showOrder = (view: OrderView, order: OrderItem | null) => $orderPage.set({ ...$orderPage.get(), view, order });

/** How often an open order page asks about an order that is waiting for payment or delivery. */
export const ORDER_POLL_MS = 3000;

/**
 * Shows the order `orderNo` and keeps it current: every few seconds while it waits for payment or
 * delivery and the tab is visible, and at once when the tab becomes visible again. Answers the
 * function that stops it (call it when the page is left).
 */
export function watchOrder(orderNo: string | null): () => void {
  let stopped = false;
  let reading = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const waiting = () => {
    const { order } = $orderPage.get();
    return order !== null && isOrderWaiting(order.status);
  };

  const read = async () => {
    if (stopped || reading || !orderNo) return;
    reading = true;
    clearTimeout(timer);
    try {
      const { result } = await quietCall(SHOP_GET_ORDER, { order_no: orderNo });
      if (!stopped) showOrder(result ? 'ready' : 'missing', result ?? null);
    } catch (error) {
      if (stopped) return;
      const status = error instanceof RequestError ? error.status : 0;
      if (status === 401) {
        clearUser();
        showOrder('anonymous', null);
      } else if (status === 404) showOrder('missing', null);
      // A read that fails once the order is on screen keeps it there; the next one may get through.
      else if (!$orderPage.get().order) showOrder('failed', null);
    } finally {
      reading = false;
      if (!stopped && waiting() && document.visibilityState === 'visible') timer = setTimeout(read, ORDER_POLL_MS);
    }
  };

  const onVisibility = () => {
    if (document.visibilityState !== 'visible') clearTimeout(timer);
    else if (waiting()) void read();
  };

  if (!orderNo) showOrder('none', null);
  else if (!$isLoggedIn.get()) showOrder('anonymous', null);
  else {
    $orderPage.set({ view: 'loading', order: null, reporting: false, problem: '' });
    void read();
  }
  document.addEventListener('visibilitychange', onVisibility);

  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** 我已付款: the owner is told, and the order then reads as waiting for the owner. */
export async function reportPaid(): Promise<void> {
  const { order, reporting } = $orderPage.get();
  if (!order || reporting) return;
  $orderPage.set({ ...$orderPage.get(), reporting: true, problem: '' });
  try {
    const { result } = await call(SHOP_REPORT_PAID, { order_no: order.order_no });
    $orderPage.set({ ...$orderPage.get(), order: result ?? order, reporting: false });
  } catch (error) {
    $orderPage.set({ ...$orderPage.get(), reporting: false, problem: refusalOf(error, shopText.reportFailed).message });
  }
}
