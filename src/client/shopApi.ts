/** The shop's calls: ordering, reading one's orders and licenses, and freeing a license's machine. */
import type { Page } from '../contract/envelope';
import type { CreatedOrder, LicenseItem, OrderBody, OrderItem } from '../contract/shop';
import { createRequest } from '../lib/browser/request';
import { SHOP_GET_ORDER, SHOP_LICENSES, SHOP_ORDER, SHOP_ORDERS, SHOP_RELEASE_MACHINE, SHOP_REPORT_PAID } from '../contract/paths';
import { fillPath, withQuery } from '../lib/shared/paths';
import { http } from './api';

/**
 * For the order page, which reads its order on arrival and then every few seconds: it shows a
 * missing order, a lost session or a failed read itself, so no notice pops up for each attempt
 * and a lost session does not take the buyer away from the order they are looking at.
 */
const quiet = createRequest({ fetch: (...args) => fetch(...args), notice: () => {} });

export const shopApi = {
  createOrder: (body: OrderBody) => http.post<CreatedOrder>(SHOP_ORDER, body),
  order: (orderNo: string) => quiet.get<OrderItem>(fillPath(SHOP_GET_ORDER, { order_no: orderNo })),
  reportPaid: (orderNo: string) => http.put<OrderItem>(fillPath(SHOP_REPORT_PAID, { order_no: orderNo })),
  orders: (current: number, size: number) => http.get<Page<OrderItem>>(withQuery(SHOP_ORDERS, { current, size })),
  licenses: () => http.get<LicenseItem[]>(SHOP_LICENSES),
  deactivateMachine: (machineId: number) => http.put<LicenseItem>(fillPath(SHOP_RELEASE_MACHINE, { machine_id: machineId })),
};
