import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { ReplyComment, RootComment } from '../../contract/comments';
import { ROLE } from '../../contract/users';
import { t } from '../../i18n/zh-CN';
import { formatCount } from '../../lib/browser/format';
import {
  $threads,
  draftKey,
  loadReplies,
  removeComment,
  sendReply,
  toggleCommentLike,
  type Addressee,
} from '../../stores/comments';
import type { UserInfo } from '../../stores/user';
import ConfirmButton from '../shared/ConfirmButton';
import TimeAgo from '../shared/TimeAgo';
import CommentInput from './CommentInput';
import CommentText from './CommentText';
import styles from './Comments.module.scss';

const text = t.comments;

interface EntryProps {
  comment: RootComment | ReplyComment;
  /** The root's id for a reply; null for the root itself. */
  rootId: number | null;
  me: UserInfo | null;
  guestsAllowed: boolean;
  defaultAvatar: string;
  onReply: (to: Addressee) => void;
}

/** The writer's name; a guest's links to the site they gave, which vouches for nothing. */
function WriterName({ comment }: { comment: RootComment | ReplyComment }) {
  if (!comment.from_site) return <strong>{comment.from_name}</strong>;
  return (
    <a className={styles.site} href={comment.from_site} target="_blank" rel="nofollow ugc noopener noreferrer">
      <strong>{comment.from_name}</strong>
    </a>
  );
}

/** One comment: who and when, the text, and its like, reply and delete buttons; a held one waits without them. */
function Entry({ comment, rootId, me, guestsAllowed, defaultAvatar, onReply }: EntryProps) {
  const guest = comment.from_id === 0;
  const mayDelete = me !== null && ((!guest && me.id === comment.from_id) || me.role === ROLE.admin);
  const to = 'to_name' in comment ? comment : null;
  return (
    <article className={styles.entry} aria-label={comment.from_name} data-held={comment.held || undefined}>
      <img
        className={styles.avatar}
        src={comment.from_avatar || defaultAvatar}
        alt=""
        width="36"
        height="36"
        loading="lazy"
      />
      <div className={styles.main}>
        <header>
          <WriterName comment={comment} />
          {comment.from_role === ROLE.admin && !guest && <span className={styles.badge}>{text.ownerBadge}</span>}
          {guest && <span className={styles.guestBadge}>{text.guestBadge}</span>}
          {comment.held && <span className={styles.heldBadge}>{text.heldBadge}</span>}
          {to && <span className={styles.to}> {text.replyTo(to.to_name)}</span>}
          <TimeAgo className={styles.time} at={comment.createdAt} />
          {comment.ipAddress && <span className={styles.time}> · {text.ipLocation(comment.ipAddress)}</span>}
        </header>
        <CommentText content={comment.content} className={styles.text} />
        <div className={styles.actions}>
          {!comment.held && (
            <button
              type="button"
              aria-pressed={comment.is_like}
              aria-label={`${comment.is_like ? text.unlike : text.like}（${comment.thumbs_up}）`}
              onClick={() => void toggleCommentLike(comment)}
              data-liked={comment.is_like || undefined}
            >
              ♥ <span>{formatCount(comment.thumbs_up)}</span>
            </button>
          )}
          {(me || guestsAllowed) && !comment.held && (
            <button
              type="button"
              onClick={() => onReply({ id: comment.from_id, name: comment.from_name, commentId: comment.id })}
            >
              {text.reply}
            </button>
          )}
          {mayDelete && (
            <ConfirmButton
              label={text.remove}
              question={rootId === null ? text.confirmRemoveThread : text.confirmRemove}
              onConfirm={() => void removeComment(comment, rootId)}
              classes={{ box: styles.confirm, danger: styles.danger }}
            />
          )}
        </div>
      </div>
    </article>
  );
}

/** A root comment with its thread: replies load when asked for, and a reply box opens under it. */
export default function CommentItem({
  root,
  me,
  guestsAllowed,
  defaultAvatar,
}: {
  root: RootComment;
  me: UserInfo | null;
  guestsAllowed: boolean;
  defaultAvatar: string;
}) {
  const thread = useStore($threads, { keys: [root.id] })[root.id];
  const [replyTo, setReplyTo] = useState<Addressee | null>(null);
  const shown = thread?.replies.length ?? 0;

  return (
    <li className={styles.item}>
      <Entry
        comment={root}
        rootId={null}
        me={me}
        guestsAllowed={guestsAllowed}
        defaultAvatar={defaultAvatar}
        onReply={setReplyTo}
      />
      {(shown > 0 || root.childrenCount > 0) && (
        <ol className={styles.replies}>
          {thread?.replies.map((reply) => (
            <li key={reply.id}>
              <Entry
                comment={reply}
                rootId={root.id}
                me={me}
                guestsAllowed={guestsAllowed}
                defaultAvatar={defaultAvatar}
                onReply={setReplyTo}
              />
            </li>
          ))}
          {shown < root.childrenCount && (
            <li>
              <button
                type="button"
                className={styles.plain}
                onClick={() => void loadReplies(root.id)}
                disabled={thread?.loading}
              >
                {shown === 0 ? text.showReplies(root.childrenCount) : text.moreReplies}
              </button>
            </li>
          )}
        </ol>
      )}
      {replyTo && (
        <div className={styles.replyBox}>
          <CommentInput
            draftKey={draftKey(root.id)}
            me={me}
            guestsAllowed={guestsAllowed}
            label={text.replyTo(replyTo.name)}
            autoFocus
            onCancel={() => setReplyTo(null)}
            onSend={async () => {
              const problem = await sendReply(root, replyTo);
              if (!problem) setReplyTo(null);
              return problem;
            }}
          />
        </div>
      )}
    </li>
  );
}
