import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { t } from '../../i18n/zh-CN';
import { badgeText } from '../../lib/shared/notifications';
import { $unread, watchUnread } from '../../stores/notifications';
import { neverOnServer, useOnDemand } from '../shared/useOnDemand';
import styles from './NotificationBell.module.scss';

// The drawer's code (and its sanitiser) loads when the reader reaches for the bell.
const loadMessageDrawer = () =>
  import.meta.env.SSR ? neverOnServer() : import('./NotificationDrawer').then((m) => m.default);

/** The logged-in reader's bell: the unread count, and 我的消息 behind it. */
/** `iconClass`: the header's look for its round icon buttons. */
export default function NotificationBell({ iconClass }: { iconClass: string }) {
  const unread = useStore($unread);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const [NotificationDrawer, fetchDrawer] = useOnDemand(loadMessageDrawer, open, close);
  const badge = badgeText(unread);

  useEffect(() => watchUnread(), []);

  return (
    <>
      <button
        type="button"
        className={`${iconClass} ${styles.bell}`}
        onPointerDown={NotificationDrawer ? undefined : fetchDrawer}
        onClick={() => setOpen(true)}
        aria-label={t.notifications.open(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="notify-bell"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4" />
        </svg>
        {badge && (
          <span className={styles.badge} aria-hidden="true" data-testid="notify-badge">
            {badge}
          </span>
        )}
      </button>
      {NotificationDrawer && <NotificationDrawer open={open} onClose={close} />}
    </>
  );
}
