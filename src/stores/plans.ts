/**
 * A product page: the plan chosen, and the order being placed. Whether an order is paid is only
 * ever what the server says, on the order's own page (orderPage.ts).
 */
import { navigate } from 'astro:transitions/client';
import { map } from 'nanostores';
import { call } from '../client/api';
import { SHOP_ORDER } from '../contract/routes';
import { shopText } from '../i18n/shop.zh-CN';
import { refusalOf } from '../lib/browser/request';
import { orderPath } from '../lib/shared/shop';
import { $isLoggedIn, rememberRoute } from './user';

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
    const { result } = await call(SHOP_ORDER, { product, plan });
    if (!result) throw new Error('no order');
    await navigate(orderPath(result.order_no));
    $purchase.set({ product, busy: false, problem: '' });
  } catch (error) {
    $purchase.set({ product, busy: false, problem: refusalOf(error, shopText.orderFailed).message });
  }
}
