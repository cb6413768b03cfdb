/** The admin console's sales screens: orders, the payments received, and the licenses sold. */
import { call } from '../client/api';
import {
  ADMIN_LICENSES,
  ADMIN_ORDERS,
  ADMIN_PAYMENTS,
  ADMIN_RESET_MACHINES,
  ADMIN_REVOKE_LICENSE,
  SHOP_CONFIRM,
  SHOP_REFUND,
} from '../contract/routes';
import type { AdminLicense, AdminOrder, AdminPayment } from '../contract/admin';
import type { OrderStatus } from '../contract/shop';
import { adminText } from '../i18n/admin.zh-CN';
import { adminAction, pagedTable } from './adminTable';
import { pagedList, wholeList } from './pagedList';

const text = adminText;

/* ---- 订单 ---- */

/** The status shown, or null for every order. */
export const orderTable = pagedTable<AdminOrder, OrderStatus | null>(null, (status, current, size) =>
  call(ADMIN_ORDERS, { status: status ?? undefined, current, size }),
);
/** True: only the payments flagged for a look (a late or odd amount); they come first either way. */
export const paymentTable = pagedTable<AdminPayment, boolean>(false, (flaggedOnly, current, size) =>
  call(ADMIN_PAYMENTS, { flagged: flaggedOnly ? '1' : undefined, current, size }),
);

export async function confirmOrder(orderNo: string): Promise<void> {
  const order = await adminAction(`order:${orderNo}`, () => call(SHOP_CONFIRM, { order_no: orderNo }), text.confirmed);
  if (order) await Promise.all([orderTable.reload(), paymentTable.reload()]);
}

export async function refundOrder(orderNo: string): Promise<void> {
  const order = await adminAction(`order:${orderNo}`, () => call(SHOP_REFUND, { order_no: orderNo }), text.refunded);
  if (order) await orderTable.reload();
}

/* ---- 授权 ---- */

export type LicenseQuery = { order_no: string } | { user_id: number };

/** The licenses found for an order or a buyer; the filter is null until the owner asks. */
const lookup = pagedList<AdminLicense, LicenseQuery | null>(
  null,
  wholeList((query) => call(ADMIN_LICENSES, query!)),
);
export const $licenseLookup = lookup.$list;

/** The licenses of `query`; asked again, what is shown stays until the answer arrives. */
export function findLicenses(query: LicenseQuery): Promise<boolean> {
  const same = JSON.stringify($licenseLookup.get().filter) === JSON.stringify(query);
  return same ? lookup.reload() : lookup.open(query);
}

async function lookAgain(): Promise<void> {
  const { filter } = $licenseLookup.get();
  if (filter) await findLicenses(filter);
}

export async function revokeLicense(orderNo: string): Promise<void> {
  const done = await adminAction(
    `license:${orderNo}`,
    () => call(ADMIN_REVOKE_LICENSE, { order_no: orderNo }),
    text.revoked,
  );
  if (done !== undefined) await lookAgain();
}

export async function resetMachines(orderNo: string): Promise<void> {
  const freed = await adminAction(
    `license:${orderNo}`,
    () => call(ADMIN_RESET_MACHINES, { order_no: orderNo }),
    (n) => text.resetDone(n),
  );
  if (freed !== undefined) await lookAgain();
}
