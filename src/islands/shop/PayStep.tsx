import { useEffect, useId, useState } from 'react';
import type { OrderItem, PayQrCode } from '../../contract/shop';
import { shopText } from '../../i18n/shop.zh-CN';
import { formatCountdown, formatPrice, isWebUrl, msUntil } from '../../lib/shop';
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
      {shopText.timeLeft} <span role="timer" className={styles.clock}>{formatCountdown(left)}</span>
    </p>
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
          <a className={styles.goPay} href={redirect} rel="noopener noreferrer">{shopText.goPay}</a>
        </>
      ) : (
        <>
          <p>{shopText.payNote}</p>
          <CopyableCode value={order.order_no} copyLabel={shopText.copyOrderNo} className={styles.orderNo} testId="pay-order-no" />
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
      <Countdown expiresAt={order.expires_at} />
    </section>
  );
}
