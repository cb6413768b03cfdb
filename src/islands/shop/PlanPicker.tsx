import { useStore } from '@nanostores/react';
import { useId } from 'react';
import type { PlanItem } from '../../contract/shop';
import { pagesText } from '../../i18n/pages.zh-CN';
import { shopText } from '../../i18n/shop.zh-CN';
import { formatPrice } from '../../lib/shared/shop';
import { $chosenPlans, $purchase, buy, choosePlan } from '../../stores/plans';
import { $isLoggedIn } from '../../stores/user';
import { useHydrated } from '../shared/useHydrated';
import styles from './PlanPicker.module.scss';

interface Props {
  product: string;
  plans: PlanItem[];
  /** The id of the heading that names the list of plans. */
  labelledBy: string;
}

/** A product's plans as radio cards (arrow keys move between them), and the button that orders the chosen one. */
export default function PlanPicker({ product, plans, labelledBy }: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const chosenPlans = useStore($chosenPlans);
  const purchase = useStore($purchase);
  const loggedIn = useStore($isLoggedIn);
  // The server renders the first plan chosen; a plan chosen before a trip to the login page comes back once hydrated.
  const stored = hydrated ? chosenPlans[product] : undefined;
  const chosen = plans.some((plan) => plan.id === stored) ? stored! : plans[0].id;
  const mine = hydrated && purchase.product === product;
  const busy = mine && purchase.busy;
  const problem = mine ? purchase.problem : '';

  return (
    <div className={styles.picker}>
      <div className={styles.plans} role="radiogroup" aria-labelledby={labelledBy}>
        {plans.map((plan) => (
          <label key={plan.id} className={styles.plan}>
            <input
              type="radio"
              name={`${id}-plan`}
              value={plan.id}
              checked={chosen === plan.id}
              onChange={() => choosePlan(product, plan.id)}
              className={styles.radio}
            />
            <span className={styles.mark} aria-hidden="true" />
            {/* The spaces keep the parts apart in the radio button's name; the flex layout drops them on screen. */}
            <span className={styles.name}>{plan.name}</span>{' '}
            <span className={styles.price}>{formatPrice(plan.price_cents)}</span>{' '}
            <span className={styles.terms}>
              {plan.days === null ? pagesText.lifetime : pagesText.days(plan.days)} ·{' '}
              {pagesText.machines(plan.max_machines)}
            </span>
          </label>
        ))}
      </div>
      <div className={styles.buyRow}>
        <button
          type="button"
          className={styles.buy}
          disabled={busy}
          aria-busy={busy}
          aria-describedby={`${id}-note`}
          onClick={() => void buy(product, chosen)}
        >
          {busy ? shopText.buying : shopText.buy}
        </button>
        <p id={`${id}-note`} className={problem ? styles.problem : styles.note} role={problem ? 'alert' : undefined}>
          {problem || (hydrated && !loggedIn ? shopText.loginHint : '')}
        </p>
      </div>
    </div>
  );
}
