/** The admin console's sales screens: orders, the payments received, and the licenses sold. */
import { map } from 'nanostores';
import { adminApi } from '../client/adminApi';
import type { AdminLicense, AdminOrder, AdminPayment } from '../contract/admin';
import type { OrderStatus } from '../contract/shop';
import { adminText } from '../i18n/admin.zh-CN';
import { adminAction, pagedTable } from './adminTable';

const text = adminText;

/* ---- 订单 ---- */

/** The status shown, or null for every order. */
export const orderTable = pagedTable<AdminOrder, OrderStatus | null>(null, (status, current, size) => adminApi.orders(status, current, size));
/** True: only the payments flagged for a look (a late or odd amount); they come first either way. */
export const paymentTable = pagedTable<AdminPayment, boolean>(false, (flaggedOnly, current, size) => adminApi.payments(flaggedOnly, current, size));

export async function confirmOrder(orderNo: string): Promise<void> {
  const order = await adminAction(`order:${orderNo}`, () => adminApi.confirmOrder(orderNo), text.confirmed);
  if (order) await Promise.all([orderTable.reload(), paymentTable.reload()]);
}

export async function refundOrder(orderNo: string): Promise<void> {
  const order = await adminAction(`order:${orderNo}`, () => adminApi.refundOrder(orderNo), text.refunded);
  if (order) await orderTable.reload();
}

/* ---- 授权 ---- */

export type LicenseQuery = { order_no: string } | { user_id: number };

export interface LicenseLookup {
  query: LicenseQuery | null;
  list: AdminLicense[];
  loading: boolean;
  failed: boolean;
  loaded: boolean;
}

export const $licenseLookup = map<LicenseLookup>({ query: null, list: [], loading: false, failed: false, loaded: false });

let lookupTicket = 0;

export async function findLicenses(query: LicenseQuery): Promise<void> {
  const mine = ++lookupTicket;
  const same = JSON.stringify($licenseLookup.get().query) === JSON.stringify(query);
  $licenseLookup.set({ query, list: same ? $licenseLookup.get().list : [], loading: true, failed: false, loaded: same && $licenseLookup.get().loaded });
  try {
    const { result } = await adminApi.licenses(query);
    if (mine === lookupTicket) $licenseLookup.set({ query, list: result ?? [], loading: false, failed: false, loaded: true });
  } catch {
    if (mine === lookupTicket) $licenseLookup.set({ ...$licenseLookup.get(), loading: false, failed: true });
  }
}

async function lookAgain(): Promise<void> {
  const { query } = $licenseLookup.get();
  if (query) await findLicenses(query);
}

export async function revokeLicense(orderNo: string): Promise<void> {
  const done = await adminAction(`license:${orderNo}`, () => adminApi.revokeLicense(orderNo), text.revoked);
  if (done !== undefined) await lookAgain();
}

export async function resetMachines(orderNo: string): Promise<void> {
  const freed = await adminAction(`license:${orderNo}`, () => adminApi.resetMachines(orderNo), (n) => text.resetDone(n));
  if (freed !== undefined) await lookAgain();
}
