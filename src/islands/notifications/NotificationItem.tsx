import DOMPurify from 'dompurify';
import type { Notification } from '../../contract/notifications';
import { t } from '../../i18n/zh-CN';
import { looksLikeHtml } from '../../lib/shared/html';
import { followNotification, removeNotification } from '../../stores/notifications';
import ConfirmButton from '../shared/ConfirmButton';
import TimeAgo from '../shared/TimeAgo';
import styles from './NotificationDrawer.module.scss';

const text = t.notifications;

// A notification is a line of text: emphasis at most, never a link, image or form inside the item's button.
const INLINE_ONLY = { ALLOWED_TAGS: ['b', 'strong', 'i', 'em', 'span', 'br', 'code'], ALLOWED_ATTR: [] };

/**
 * The server builds the text from escaped parts; it is still sanitised before it becomes markup
 * here. Text the rule does not take as HTML is shown as what it reads, its markup dropped: an
 * inert parse (no script runs in it) turns `<b>&lt;名字&gt;</b>` into `<名字>`.
 */
function MessageText({ message }: { message: string }) {
  if (!looksLikeHtml(message))
    return (
      <span className={styles.message}>{new DOMParser().parseFromString(message, 'text/html').body.textContent}</span>
    );
  return (
    <span className={styles.message} dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(message, INLINE_ONLY) }} />
  );
}

interface Props {
  item: Notification;
  /** Called as the reader leaves for the page the notification points to. */
  onFollow: () => void;
}

export default function NotificationItem({ item, onFollow }: Props) {
  const unread = item.isView === 1;
  const follow = () => {
    onFollow();
    void followNotification(item);
  };

  return (
    <li className={styles.item} data-unread={unread || undefined}>
      <button type="button" className={styles.body} onClick={follow}>
        {unread && <span className={styles.badge}>{text.unread}</span>}
        <MessageText message={item.message} />
        <TimeAgo className={styles.time} at={item.createdAt} />
      </button>
      <div className={styles.actions}>
        <button type="button" onClick={follow}>
          {text.jump}
        </button>
        <ConfirmButton
          label={text.remove}
          question={text.confirmRemove}
          onConfirm={() => void removeNotification(item.id)}
          classes={{ box: styles.confirm, danger: styles.danger }}
        />
      </div>
    </li>
  );
}
