/** The toasts on screen (the queue is client/toasts.ts, below the stores), and a failed action told as one. */
import { showToast } from '../client/toasts';
import { refusalOf } from '../lib/browser/request';

export {
  $toasts,
  dismissToast,
  NOTICE_DURATION_MS,
  showNotice,
  showToast,
  TOAST_DURATION_MS,
  type Toast,
  type ToastKind,
} from '../client/toasts';

/** A failed action in a toast, unless a notice has already said it (see `refusalOf`). */
export function showRefusal(error: unknown, fallback: string): void {
  const { message, noticed } = refusalOf(error, fallback);
  if (!noticed) showToast(message, 'error');
}
