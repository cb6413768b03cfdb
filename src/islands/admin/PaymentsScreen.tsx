import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { adminText } from '../../i18n/admin.zh-CN';
import { formatPrice } from '../../lib/shared/shop';
import { paymentTable } from '../../stores/adminSales';
import { useHydrated } from '../shared/useHydrated';
import Listing from './Listing';
import styles from './Admin.module.scss';

const text = adminText;

/** The payments received, on /admin/orders: those flagged for a look (late, or an odd amount) come first and stand out. */
export default function PaymentsScreen() {
  const hydrated = useHydrated();
  const state = useStore(paymentTable.$list);
  const id = useId();

  useEffect(() => void paymentTable.open(paymentTable.$list.get().filter), []);

  if (!hydrated)
    return (
      <p className={styles.quiet} aria-busy="true">
        {text.loading}
      </p>
    );

  return (
    <section className={styles.screen} aria-labelledby={`${id}-title`}>
      <div className={styles.toolbar}>
        <h2 id={`${id}-title`}>{text.payments}</h2>
        <label className={styles.inline}>
          <input type="checkbox" checked={state.filter} onChange={(e) => void paymentTable.open(e.target.checked)} />
          {text.flaggedOnly}
        </label>
      </div>
      <Listing
        label={text.payments}
        state={state}
        onRetry={() => void paymentTable.reload()}
        onPage={(page) => void paymentTable.goTo(page)}
      >
        <table className={`${styles.table} ${styles.cards}`}>
          <thead>
            <tr>
              <th scope="col">ID</th>
              <th scope="col">{text.orderNo}</th>
              <th scope="col">{text.source}</th>
              <th scope="col">{text.tradeNo}</th>
              <th scope="col">{text.amount}</th>
              <th scope="col">{text.state}</th>
              <th scope="col">{text.detail}</th>
              <th scope="col">{text.time}</th>
            </tr>
          </thead>
          <tbody>
            {state.list.map((payment) => (
              <tr key={payment.id} data-flagged={payment.flagged || undefined}>
                <td data-label="ID">{payment.id}</td>
                <td className={styles.mono} data-label={text.orderNo}>
                  {payment.order_no}
                </td>
                <td className={styles.nowrap} data-label={text.source}>
                  {text.sources[payment.source] ?? payment.source}
                </td>
                <td className={styles.mono} data-label={text.tradeNo}>
                  {payment.trade_no ?? '—'}
                </td>
                <td className={styles.nowrap} data-label={text.amount}>
                  {formatPrice(payment.amount_cents)}
                </td>
                <td className={styles.nowrap} data-label={text.state}>
                  {payment.refunded ? (
                    text.refunded
                  ) : payment.flagged ? (
                    <strong className={styles.flag}>⚠ {text.flagged}</strong>
                  ) : (
                    '—'
                  )}
                </td>
                <td data-label={text.detail}>{payment.detail}</td>
                <td className={styles.nowrap} data-label={text.time}>
                  {payment.createdAt}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Listing>
    </section>
  );
}
