import type { BoardMessage } from '../../contract/messages';
import { ROLE } from '../../contract/users';
import { t } from '../../i18n/zh-CN';
import { messageLook } from '../../lib/browser/messageLook';
import type { UserInfo } from '../../stores/user';
import CommentText from '../comments/CommentText';
import ConfirmButton from '../shared/ConfirmButton';
import styles from './Board.module.scss';

const text = t.board;

interface Props {
  post: BoardMessage;
  me: UserInfo | null;
  defaultAvatar: string;
  /** Absent in the preview, where nothing can be pressed. */
  onLike?: () => void;
  onDelete?: () => void;
  /** The list links each post to its page; the post's own page does not. */
  linked?: boolean;
}

/** A message-board post in the look its author chose. */
export default function MessageCard({ post, me, defaultAvatar, onLike, onDelete, linked = false }: Props) {
  const mine = me !== null && me.id === post.user_id;
  const mayDelete = me !== null && (mine || me.role === ROLE.admin);
  const detail = `/message/detail?id=${post.id}`;

  return (
    <article className={styles.card} data-has-image={post.bg_url ? true : undefined} aria-label={post.nick_name} data-testid="board-post">
      <div className={styles.paper} style={messageLook(post)}>
        {post.tag && <span className={styles.tag}>#{post.tag}</span>}
        <CommentText content={post.message} />
      </div>
      <footer className={styles.foot}>
        <img src={post.avatar || defaultAvatar} alt="" width="24" height="24" loading="lazy" />
        <span className={styles.author}>{post.nick_name}</span>
        <time className={styles.time}>{post.createdAt}</time>
        {post.ipAddress && <span className={styles.time}>{text.ipLocation(post.ipAddress)}</span>}
        {onLike && (
          <div className={styles.actions}>
            <button type="button" aria-pressed={post.is_like} aria-label={post.is_like ? text.unlike(post.like_times) : text.like(post.like_times)} data-liked={post.is_like || undefined} onClick={onLike}>
              ♥ {post.like_times}
            </button>
            {linked ? <a href={detail}>{text.comments(post.comment_total)}</a> : <span>{text.comments(post.comment_total)}</span>}
            {mine && <a href={`/message/publish?id=${post.id}`}>{text.edit}</a>}
            {mayDelete && onDelete && <ConfirmButton label={text.remove} question={text.confirmRemove} onConfirm={onDelete} classes={{ box: styles.confirm, danger: styles.danger }} />}
          </div>
        )}
      </footer>
    </article>
  );
}
