import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { OrderItem } from '../../contract/shop';
import { shopText } from '../../i18n/shop.zh-CN';
import { formatPrice, orderNoFromSearch, orderStage } from '../../lib/shared/shop';
import { $orderPage, watchOrder } from '../../stores/orderPage';
import { rememberRoute } from '../../stores/user';
import CopyableCode from './CopyableCode';
import PayStep from './PayStep';
import styles from './Order.module.scss';

const text = shopText;

/** What the live line says with each status, after the status itself. */
const STATUS_NOTE: Record<ReturnType<typeof orderStage>, string> = {
  pending: text.pendingLive,
  reported: text.reportedLive,
  paid: text.paidWaiting,
  fulfilled: '',
  expired: text.expiredHint,
  refunded: text.refundedHint,
};

function Order({ order }: { order: OrderItem }) {
  const id = useId();
  const stage = orderStage(order);
  return (
    <article className={`card ${styles.order}`} aria-labelledby={`${id}-title`} data-testid="order">
      <header className={styles.head}>
        <h2 id={`${id}-title`}>
          {order.product_name} · {order.plan_name}
        </h2>
        {/* The status changes while the page is open: the change is read out. */}
        <p className={styles.live} aria-live="polite" aria-atomic="true" data-testid="order-status">
          <span className={styles.status} data-status={stage}>
            {text.statuses[stage]}
          </span>
          {STATUS_NOTE[stage] && <span>{STATUS_NOTE[stage]}</span>}
        </p>
      </header>
      <dl className={styles.facts}>
        <dt>{text.orderNo}</dt>
        <dd className={styles.mono}>{order.order_no}</dd>
        <dt>{text.amount}</dt>
        <dd>{formatPrice(order.amount_cents)}</dd>
        <dt>{text.createdAt}</dt>
        <dd>{order.createdAt}</dd>
        {order.paidAt && (
          <>
            <dt>{text.paidAt}</dt>
            <dd>{order.paidAt}</dd>
          </>
        )}
      </dl>
      {order.status === 'pending' && <PayStep order={order} />}
      {order.status === 'fulfilled' && order.license_key && (
        <section className={styles.key} aria-labelledby={`${id}-key`}>
          <h3 id={`${id}-key`}>{text.keyTitle}</h3>
          <CopyableCode
            value={order.license_key}
            copyLabel={text.copyKey}
            className={styles.code}
            testId="license-key"
          />
          <p className={styles.howTo}>{text.howTo}</p>
        </section>
      )}
      <p className={styles.links}>
        {order.status === 'expired' && <a href={`/pay/${order.product}`}>{text.buyAgain}</a>}
        <a href="/userCenter">{text.allOrders}</a>
      </p>
    </article>
  );
}

/** /pay/order?no=…: one of my orders, kept current while it waits for payment or delivery. */
export default function OrderPage() {
  const page = useStore($orderPage);
  // Until the effect has read the URL, the store may still hold another order: the server's loading line stays.
  const [started, setStarted] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const stop = watchOrder(orderNoFromSearch(location.search));
    setStarted(true);
    // The router swaps the page in place: the asking stops as the next page comes in.
    document.addEventListener('astro:before-swap', stop);
    return () => {
      stop();
      document.removeEventListener('astro:before-swap', stop);
    };
  }, [attempt]);

  const view = started ? page.view : 'loading';
  switch (view) {
    case 'loading':
      return (
        <p className="empty" aria-busy="true">
          {text.loading}
        </p>
      );
    case 'none':
      return <p className="empty">{text.noOrder}</p>;
    case 'missing':
      return <p className="empty">{text.notFound}</p>;
    case 'anonymous':
      return (
        <p className="empty">
          {text.loginToView}，
          <a href="/login" onClick={() => rememberRoute()}>
            {text.goLogin}
          </a>
        </p>
      );
    case 'failed':
      return (
        <p className="empty">
          <button type="button" className={styles.retry} onClick={() => setAttempt((n) => n + 1)}>
            {text.loadFailed}
          </button>
        </p>
      );
    default:
      return page.order && <Order order={page.order} />;
  }
}
