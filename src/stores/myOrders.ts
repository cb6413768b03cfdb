/** The user centre's orders: the buyer's own, newest first, a page at a time. */
import { call } from '../client/api';
import { SHOP_ORDERS } from '../contract/routes';
import type { OrderItem } from '../contract/shop';
import { pagedList } from './pagedList';

export const MY_ORDERS_PAGE_SIZE = 10;

// An order placed meanwhile moves the pages along by one: the list never shows it twice.
const orders = pagedList<OrderItem, null>(null, {
  size: MY_ORDERS_PAGE_SIZE,
  read: (_, current, size) => call(SHOP_ORDERS, { current, size }),
  idOf: (order) => order.order_no,
});
export const $myOrders = orders.$list;

/** The first page, fresh: the user centre is opened after buying, or by another account. */
export const openMyOrders = () => orders.open();
export const loadMoreOrders = () => orders.more();
