import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from '../../stores/toast';
import styles from './Toaster.module.scss';

/** Renders the toast store; anything on the page can call showToast. */
export default function Toaster() {
  const toasts = useStore($toasts);
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
