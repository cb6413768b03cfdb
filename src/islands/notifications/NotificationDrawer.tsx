import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { t } from '../../i18n/zh-CN';
import { bottomLine } from '../../lib/shared/notifications';
import { $notifyList, loadMoreNotifications, openNotifications } from '../../stores/notifications';
import { useModal } from '../shared/useModal';
import NotificationItem from './NotificationItem';
import styles from './NotificationDrawer.module.scss';

const text = t.notifications;

interface Props {
  open: boolean;
  onClose: () => void;
}

/** 我的消息: the logged-in reader's notifications, from the left, ten at a time. */
export default function NotificationDrawer({ open, onClose }: Props) {
  const panel = useModal<HTMLElement>(open, onClose);
  const state = useStore($notifyList);

  useEffect(() => {
    if (open) void openNotifications();
  }, [open]);

  const line = bottomLine({ loading: state.loading, shown: state.list.length, total: state.total });
  const lineText = state.failed
    ? text.loadFailed
    : { loading: text.loading, more: text.loadMore, end: text.end, empty: text.empty }[line];

  return (
    <div className={styles.root} hidden={!open}>
      <div className={styles.overlay} onClick={onClose} aria-hidden="true" />
      <aside
        ref={panel}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="message-drawer-title"
        data-testid="message-drawer"
      >
        <div className={styles.head}>
          <h2 id="message-drawer-title">{text.title}</h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label={text.close}>
            ×
          </button>
        </div>
        <ul className={styles.list} aria-busy={state.loading}>
          {state.list.map((item) => (
            <NotificationItem key={item.id} item={item} onFollow={onClose} />
          ))}
        </ul>
        <button
          type="button"
          className={styles.bottom}
          onClick={() => void loadMoreNotifications()}
          disabled={!state.failed && line !== 'more'}
        >
          {lineText}
        </button>
      </aside>
    </div>
  );
}
