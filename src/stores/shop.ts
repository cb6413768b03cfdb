/**
 * The shop in the browser: the plan chosen on a product page and the order being placed, the
 * order page's order as the server last told it, and the buyer's orders and licenses in the user
 * centre. Whether an order is paid is only ever what the server says.
 */
import { navigate } from 'astro:transitions/client';
import { map } from 'nanostores';
import { shopApi } from '../client/shopApi';
import type { LicenseItem, OrderItem } from '../contract/shop';
import { licenseText, shopText } from '../i18n/shop.zh-CN';
import { RequestError } from '../lib/request';
import { isOrderWaiting, orderPath } from '../lib/shop';
import { showToast } from './toast';
import { $isLoggedIn, clearUser, rememberRoute } from './user';

/* ---- A product page: the chosen plan and the order being placed ---- */

/** The plan chosen on each product page, by product slug; it survives the trip to the login page. */
export const $chosenPlans = map<Record<string, string>>({});

export interface Purchase {
  product: string;
  busy: boolean;
  /** Why the last order was refused, in Chinese; empty when there is nothing to say. */
  problem: string;
}

export const $purchase = map<Purchase>({ product: '', busy: false, problem: '' });

export function choosePlan(product: string, plan: string): void {
  $chosenPlans.setKey(product, plan);
  const purchase = $purchase.get();
  if (purchase.product === product && !purchase.busy) $purchase.set({ ...purchase, problem: '' });
}

function refusal(error: unknown, fallback: string): string {
  if (!(error instanceof RequestError)) return fallback;
  if (error.status === 429) return error.body?.message || shopText.tooFast;
  if (error.status >= 400 && error.status < 500 && error.body?.message) return error.body.message;
  return fallback;
}

/**
 * Orders the plan and opens the order's page. An anonymous reader is sent to log in first, and
 * comes back to this page afterwards; a refusal stays on the page with the plan still chosen.
 */
export async function buy(product: string, plan: string): Promise<void> {
  if ($purchase.get().busy) return;
  if (!$isLoggedIn.get()) {
    rememberRoute();
    await navigate('/login');
    return;
  }
  $purchase.set({ product, busy: true, problem: '' });
  try {
    const { result } = await shopApi.createOrder({ product, plan });
    if (!result) throw new Error('no order');
    await navigate(orderPath(result.order_no));
    $purchase.set({ product, busy: false, problem: '' });
  } catch (error) {
    $purchase.set({ product, busy: false, problem: refusal(error, shopText.orderFailed) });
  }
}

/* ---- The order page ---- */

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
      const { result } = await shopApi.order(orderNo);
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
    const { result } = await shopApi.reportPaid(order.order_no);
    $orderPage.set({ ...$orderPage.get(), order: result ?? order, reporting: false });
  } catch (error) {
    $orderPage.set({ ...$orderPage.get(), reporting: false, problem: refusal(error, shopText.reportFailed) });
  }
}

/* ---- The user centre: my orders ---- */

export const MY_ORDERS_PAGE_SIZE = 10;

export interface MyOrders {
  list: OrderItem[];
  current: number;
  total: number;
  loading: boolean;
  failed: boolean;
  loaded: boolean;
}

const NO_ORDERS: MyOrders = { list: [], current: 0, total: 0, loading: false, failed: false, loaded: false };

export const $myOrders = map<MyOrders>({ ...NO_ORDERS });

let ordersTicket = 0;

async function loadOrdersPage(current: number): Promise<void> {
  const mine = ++ordersTicket;
  $myOrders.set({ ...$myOrders.get(), loading: true, failed: false });
  try {
    const { result } = await shopApi.orders(current, MY_ORDERS_PAGE_SIZE);
    if (mine !== ordersTicket || !result) return;
    const state = $myOrders.get();
    // An order placed meanwhile moves the pages along by one: nothing is listed twice.
    const list = current === 1 ? result.list : [...state.list, ...result.list.filter((order) => !state.list.some((known) => known.order_no === order.order_no))];
    $myOrders.set({ list, current, total: result.total, loading: false, failed: false, loaded: true });
  } catch {
    if (mine === ordersTicket) $myOrders.set({ ...$myOrders.get(), loading: false, failed: true });
  }
}

/** The first page, fresh: the user centre is opened after buying, or by another account. */
export function openMyOrders(): Promise<void> {
  $myOrders.set({ ...NO_ORDERS });
  return loadOrdersPage(1);
}

export function loadMoreOrders(): Promise<void> {
  const { loading, failed, list, total, current } = $myOrders.get();
  if (loading) return Promise.resolve();
  if (failed) return loadOrdersPage(list.length ? current + 1 : 1);
  return list.length < total ? loadOrdersPage(current + 1) : Promise.resolve();
}

/* ---- The user centre: my licenses ---- */

export interface MyLicenses {
  list: LicenseItem[];
  loading: boolean;
  failed: boolean;
  loaded: boolean;
}

export const $myLicenses = map<MyLicenses>({ list: [], loading: false, failed: false, loaded: false });

let licensesTicket = 0;

export async function openMyLicenses(): Promise<void> {
  const mine = ++licensesTicket;
  $myLicenses.set({ list: [], loading: true, failed: false, loaded: false });
  try {
    const { result } = await shopApi.licenses();
    if (mine === licensesTicket) $myLicenses.set({ list: result ?? [], loading: false, failed: false, loaded: true });
  } catch {
    if (mine === licensesTicket) $myLicenses.set({ list: [], loading: false, failed: true, loaded: false });
  }
}

const freeing = new Set<number>();

/** Frees a machine of one of my licenses, so the license can be activated on another. True once done. */
export async function deactivateMachine(machineId: number): Promise<boolean> {
  if (freeing.has(machineId)) return false;
  freeing.add(machineId);
  try {
    const { result } = await shopApi.deactivateMachine(machineId);
    if (result) {
      $myLicenses.setKey('list', $myLicenses.get().list.map((license) => (license.order_no === result.order_no ? result : license)));
    }
    showToast(licenseText.deactivated);
    return true;
  } catch (error) {
    if (!(error instanceof RequestError && error.noticed)) showToast(refusal(error, licenseText.deactivateFailed), 'error');
    return false;
  } finally {
    freeing.delete(machineId);
  }
}
