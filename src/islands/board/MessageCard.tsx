import type { BoardMessage } from '../../contract/messages';
import { ROLE } from '../../contract/users';
import { t } from '../../i18n/zh-CN';
import { messageLook } from '../../lib/browser/messageLook';
import type { UserInfo } from '../../stores/user';
import CommentText from '../comments/CommentText';
import ConfirmButton from '../shared/ConfirmButton';
import TimeAgo from '../shared/TimeAgo';
import styles from './Board.module.scss';

const text = t.board;

interface Props {
  message: BoardMessage;
  me: UserInfo | null;
  defaultAvatar: string;
  /** Absent in the preview, where nothing can be pressed. */
  onLike?: () => void;
  onDelete?: () => void;
  /** The list links each message to its page; the message's own page does not. */
  linked?: boolean;
}

/** A message in the look its author chose. */
export default function MessageCard({ message, me, defaultAvatar, onLike, onDelete, linked = false }: Props) {
  const mine = me !== null && me.id === message.user_id;
  const mayDelete = me !== null && (mine || me.role === ROLE.admin);
  const detail = `/message/detail?id=${message.id}`;

  return (
    <article
      className={styles.card}
      data-has-image={message.bg_url ? true : undefined}
      aria-label={message.nick_name}
      data-testid="board-post"
    >
      <div className={styles.paper} style={messageLook(message)}>
        {message.tag && <span className={styles.tag}>#{message.tag}</span>}
        <CommentText content={message.message} />
      </div>
      <footer className={styles.foot}>
        <img src={message.avatar || defaultAvatar} alt="" width="24" height="24" loading="lazy" />
        <span className={styles.author}>{message.nick_name}</span>
        <TimeAgo className={styles.time} at={message.createdAt} />
        {message.ipAddress && <span className={styles.time}>{text.ipLocation(message.ipAddress)}</span>}
        {onLike && (
          <div className={styles.actions}>
            <button
              type="button"
              aria-pressed={message.is_like}
              aria-label={message.is_like ? text.unlike(message.like_times) : text.like(message.like_times)}
              data-liked={message.is_like || undefined}
              onClick={onLike}
            >
              ♥ {message.like_times}
            </button>
            {linked ? (
              <a href={detail}>{text.comments(message.comment_total)}</a>
            ) : (
              <span>{text.comments(message.comment_total)}</span>
            )}
            {mine && <a href={`/message/publish?id=${message.id}`}>{text.edit}</a>}
            {mayDelete && onDelete && (
              <ConfirmButton
                label={text.remove}
                question={text.confirmRemove}
                onConfirm={onDelete}
                classes={{ box: styles.confirm, danger: styles.danger }}
              />
            )}
          </div>
        )}
      </footer>
    </article>
  );
}
