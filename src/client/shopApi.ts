/** The shop's calls: ordering, reading one's orders and licenses, and freeing a license's machine. */
import type { Page } from '../contract/envelope';
import type { CreatedOrder, LicenseItem, OrderBody, OrderItem } from '../contract/shop';
import { createRequest } from '../lib/browser/request';
import { http } from './api';

/**
 * For the order page, which reads its order on arrival and then every few seconds: it shows a
 * missing order, a lost session or a failed read itself, so no notice pops up for each attempt
 * and a lost session does not take the buyer away from the order they are looking at.
 */
const quiet = createRequest({ fetch: (...args) => fetch(...args), notice: () => {} });

export const shopApi = {
  createOrder: (body: OrderBody) => http.post<CreatedOrder>('/api/shop/order', body),
  order: (orderNo: string) => quiet.get<OrderItem>(`/api/shop/order/${encodeURIComponent(orderNo)}`),
  reportPaid: (orderNo: string) => http.put<OrderItem>(`/api/shop/order/${encodeURIComponent(orderNo)}/paid`),
  orders: (current: number, size: number) => http.get<Page<OrderItem>>(`/api/shop/orders?current=${current}&size=${size}`),
  licenses: () => http.get<LicenseItem[]>('/api/shop/licenses'),
  deactivateMachine: (machineId: number) => http.put<LicenseItem>(`/api/shop/machine/deactivate/${machineId}`),
};
