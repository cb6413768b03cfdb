import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { t } from '../../i18n/zh-CN';
import { shopText } from '../../i18n/shop.zh-CN';
import { formatPrice, orderPath, orderStage } from '../../lib/shared/shop';
import { $myOrders, loadMoreOrders, openMyOrders } from '../../stores/myOrders';
import styles from './MyOrders.module.scss';

const text = t.userCenter;

/** The user centre's orders: newest first, a page at a time. */
export default function MyOrders() {
  const { list, total, loading, failed, loaded } = useStore($myOrders);

  useEffect(() => {
    void openMyOrders();
  }, []);

  if (!loaded) {
    if (failed)
      return (
        <button type="button" className={styles.more} onClick={() => void openMyOrders()}>
          {shopText.ordersFailed}
        </button>
      );
    return <p className={styles.quiet}>{shopText.ordersLoading}</p>;
  }
  if (list.length === 0) {
    return (
      <p className={styles.quiet}>
        {text.noOrders}
        <a href="/pay">{text.goPay}</a>
      </p>
    );
  }

  const more = list.length < total;
  return (
    <div className={styles.orders}>
      <ul className={styles.list} data-testid="my-orders">
        {list.map((order) => (
          <li key={order.order_no} className={styles.row}>
            <span className={styles.what}>
              <strong>
                {order.product_name} · {order.plan_name}
              </strong>
              <span className={styles.no}>{order.order_no}</span>
            </span>
            <span className={styles.status} data-status={orderStage(order)}>
              {shopText.statuses[orderStage(order)]}
            </span>
            <span className={styles.amount}>{formatPrice(order.amount_cents)}</span>
            <span className={styles.date}>{order.createdAt}</span>
            <a href={orderPath(order.order_no)}>
              {shopText.viewOrder}
              <span className="visually-hidden"> {order.order_no}</span>
            </a>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={styles.more}
        disabled={loading || (!more && !failed)}
        onClick={() => void loadMoreOrders()}
      >
        {loading
          ? shopText.ordersLoading
          : failed
            ? shopText.ordersFailed
            : more
              ? shopText.moreOrders
              : shopText.noMoreOrders}
      </button>
    </div>
  );
}
