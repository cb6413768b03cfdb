import { useStore } from '@nanostores/react';
import { $toasts, dismissToast, type Toast } from '../../stores/toast';
import { useHydrated } from '../shared/useHydrated';
import styles from './Toaster.module.scss';

const NONE: Toast[] = [];

/** Renders the toast store; anything on the page can call showToast. */
export default function Toaster() {
  // The welcome toast is often queued before this hydrates; the server's HTML had none.
  const stored = useStore($toasts);
  const toasts = useHydrated() ? stored : NONE;
  return (
    <div className={styles.stack} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={styles.toast} data-kind={toast.kind} onClick={() => dismissToast(toast.id)}>
          {toast.title && <strong className={styles.title}>{toast.title}</strong>}
          <span>{toast.message}</span>
          {toast.detail && <span className={styles.detail}>{toast.detail}</span>}
        </div>
      ))}
    </div>
  );
}
