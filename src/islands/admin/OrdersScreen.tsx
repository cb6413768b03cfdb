import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { ORDER_STATUSES, type OrderStatus } from '../../contract/shop';
import { adminText } from '../../i18n/admin.zh-CN';
import { shopText } from '../../i18n/shop.zh-CN';
import { formatPrice, orderStage } from '../../lib/shared/shop';
import { confirmOrder, orderTable, refundOrder } from '../../stores/adminSales';
import { $adminBusy } from '../../stores/adminTable';
import ConfirmButton from '../shared/ConfirmButton';
import { useHydrated } from '../shared/useHydrated';
import Listing from './Listing';
import ProblemLine from './ProblemLine';
import styles from './Admin.module.scss';

const text = adminText;
const confirmClasses = { box: styles.confirm, danger: styles.danger };
/** A payment can be confirmed while waiting, when it was recorded but not delivered, and late (after expiry). */
const CONFIRMABLE: OrderStatus[] = ['pending', 'paid', 'expired'];
const REFUNDABLE: OrderStatus[] = ['paid', 'fulfilled'];

/** /admin/orders: orders by status, a manual payment confirmed, a refund after asking. */
export default function OrdersScreen() {
  const hydrated = useHydrated();
  const state = useStore(orderTable.$list);
  const busy = useStore($adminBusy);
  const id = useId();

  useEffect(() => void orderTable.open(orderTable.$list.get().filter), []);

  if (!hydrated)
    return (
      <p className={styles.quiet} aria-busy="true">
        {text.loading}
      </p>
    );

  return (
    <section className={styles.screen} aria-labelledby={`${id}-title`}>
      <div className={styles.toolbar}>
        <h2 id={`${id}-title`}>{text.orders}</h2>
        <label className={styles.inline}>
          {text.statusFilter}
          <select
            value={state.filter ?? ''}
            onChange={(e) => void orderTable.open((e.target.value || null) as OrderStatus | null)}
          >
            <option value="">{text.all}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {shopText.statuses[status]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ProblemLine />
      <Listing
        label={text.orders}
        state={state}
        onRetry={() => void orderTable.reload()}
        onPage={(page) => void orderTable.goTo(page)}
      >
        <table className={`${styles.table} ${styles.cards}`}>
          <thead>
            <tr>
              <th scope="col">{text.orderNo}</th>
              <th scope="col">{text.buyer}</th>
              <th scope="col">{text.product}</th>
              <th scope="col">{text.amount}</th>
              <th scope="col">{text.status}</th>
              <th scope="col">{text.provider}</th>
              <th scope="col">{text.createdAt}</th>
              <th scope="col">{text.paidAt}</th>
              <th scope="col">{text.actions}</th>
            </tr>
          </thead>
          <tbody>
            {state.list.map((order) => {
              const stage = orderStage(order);
              return (
                <tr key={order.order_no} data-testid="admin-order">
                  <td className={styles.mono} data-label={text.orderNo}>
                    {order.order_no}
                  </td>
                  <td data-label={text.buyer}>
                    <span>
                      {order.nick_name}
                      <small className={styles.sub}>{text.userId(order.user_id)}</small>
                    </span>
                  </td>
                  <td data-label={text.product}>
                    {order.product_name} · {order.plan_name}
                  </td>
                  <td className={styles.nowrap} data-label={text.amount}>
                    {formatPrice(order.amount_cents)}
                  </td>
                  <td className={styles.nowrap} data-label={text.status}>
                    <span>
                      <span className={styles.badge} data-status={stage}>
                        {shopText.statuses[stage]}
                      </span>
                      {stage === 'reported' && (
                        <small className={styles.sub}>{text.buyerPaidAt(order.buyer_paid_at!)}</small>
                      )}
                    </span>
                  </td>
                  <td className={styles.nowrap} data-label={text.provider}>
                    {text.providers[order.provider] ?? order.provider}
                  </td>
                  <td className={styles.nowrap} data-label={text.createdAt}>
                    {order.createdAt}
                  </td>
                  <td className={styles.nowrap} data-label={text.paidAt}>
                    {order.paidAt ?? '—'}
                  </td>
                  <td className={styles.actions} aria-busy={busy === `order:${order.order_no}`}>
                    {CONFIRMABLE.includes(order.status) && (
                      <ConfirmButton
                        label={text.confirmPay}
                        question={text.confirmPayQuestion}
                        onConfirm={() => void confirmOrder(order.order_no)}
                        classes={confirmClasses}
                      />
                    )}
                    {REFUNDABLE.includes(order.status) && (
                      <ConfirmButton
                        label={text.refund}
                        question={text.confirmRefund}
                        onConfirm={() => void refundOrder(order.order_no)}
                        classes={confirmClasses}
                      />
                    )}
                    {(order.status === 'fulfilled' || order.status === 'refunded') && (
                      <a href={`/admin/licenses?order_no=${encodeURIComponent(order.order_no)}`}>{text.viewLicense}</a>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Listing>
    </section>
  );
}
