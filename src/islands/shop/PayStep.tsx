import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { OrderItem, PayQrCode } from '../../contract/shop';
import { shopText } from '../../i18n/shop.zh-CN';
import { formatCountdown, formatPrice, isWebUrl, msUntil } from '../../lib/shared/shop';
import { $orderPage, reportPaid } from '../../stores/orderPage';
import CopyableCode from './CopyableCode';
import styles from './Order.module.scss';

/** The time left to pay, ticking each second; screen readers are not told each tick. */
function Countdown({ expiresAt }: { expiresAt: string }) {
  const [now, setNow] = useState(() => Date.now());
  const left = msUntil(expiresAt, now);
  const timeUp = left <= 0;

  useEffect(() => {
    if (timeUp) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [timeUp]);

  if (timeUp) return <p className={styles.countdown}>{shopText.timeUp}</p>;
  return (
    <p className={styles.countdown}>
      {shopText.timeLeft}{' '}
      <span role="timer" className={styles.clock}>
        {formatCountdown(left)}
      </span>
    </p>
  );
}

/**
 * 我已付款, for a manual payment: the owner is told, and the countdown gives way to a note that
 * the order waits for the owner and will not expire.
 */
function ReportPaid({ order }: { order: OrderItem }) {
  const { reporting, problem } = useStore($orderPage);
  if (order.buyer_paid_at)
    return (
      <p className={styles.reported} data-testid="reported">
        {shopText.reportedNote(order.buyer_paid_at)}
      </p>
    );
  return (
    <div className={styles.report}>
      <button
        type="button"
        className={styles.reportButton}
        onClick={() => void reportPaid()}
        disabled={reporting}
        aria-describedby={problem ? undefined : 'report-paid-hint'}
      >
        {reporting ? shopText.reporting : shopText.reportPaid}
      </button>
      {problem ? (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      ) : (
        <p id="report-paid-hint" className={styles.hint}>
          {shopText.reportPaidHint}
        </p>
      )}
    </div>
  );
}

/** How to pay an order that waits for payment: the owner's QR codes, or the provider's page. */
export default function PayStep({ order }: { order: OrderItem }) {
  const id = useId();
  const pay = order.pay;
  const qrcodes: PayQrCode[] = pay?.qrcodes ?? (pay?.qrcode ? [{ name: shopText.payTitle, url: pay.qrcode }] : []);
  const redirect = pay?.kind === 'redirect' && pay.url && isWebUrl(pay.url, location.href) ? pay.url : null;

  return (
    <section className={styles.pay} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{shopText.payTitle}</h3>
      <p className={styles.amount}>
        {shopText.payAmount} <strong data-testid="pay-amount">{formatPrice(order.amount_cents)}</strong>
      </p>
      {redirect ? (
        <>
          <p>{shopText.payRedirect}</p>
          <a className={styles.goPay} href={redirect} rel="noopener noreferrer">
            {shopText.goPay}
          </a>
        </>
      ) : (
        <>
          <p>{shopText.payNote}</p>
          <CopyableCode
            value={order.order_no}
            copyLabel={shopText.copyOrderNo}
            className={styles.orderNo}
            testId="pay-order-no"
          />
          {qrcodes.length > 0 && (
            <ul className={styles.qrcodes}>
              {qrcodes.map((qr) => (
                <li key={qr.url}>
                  <figure>
                    <img src={qr.url} alt={shopText.qrAlt(qr.name)} />
                    <figcaption>{qr.name}</figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {pay?.instructions && <p className={styles.instructions}>{pay.instructions}</p>}
      {order.provider === 'manual' && <ReportPaid order={order} />}
      {!order.buyer_paid_at && <Countdown expiresAt={order.expires_at} />}
    </section>
  );
}
