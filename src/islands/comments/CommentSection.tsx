import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { CommentTargetCode } from '../../contract/comments';
import { t } from '../../i18n/zh-CN';
import { $guestsAllowed, loadGuestsAllowed } from '../../stores/commentGuest';
import { $comments, draftKey, loadMoreComments, openComments, sendComment, setOrder } from '../../stores/comments';
import { $isLoggedIn, $userInfo } from '../../stores/user';
import CommentInput from './CommentInput';
import CommentItem from './CommentItem';
import styles from './Comments.module.scss';

const text = t.comments;

interface Props {
  type: CommentTargetCode;
  forId: number;
  defaultAvatar: string;
}

export default function CommentSection({ type, forId, defaultAvatar }: Props) {
  const state = useStore($comments);
  const loggedIn = useStore($isLoggedIn);
  const user = useStore($userInfo);
  const me = loggedIn && user ? user : null;

  const guestsAllowed = useStore($guestsAllowed) === true;

  useEffect(() => void openComments(type, forId), [type, forId]);
  useEffect(() => void (me ? undefined : loadGuestsAllowed()), [me]);

  const ready = state.filter.type === type && state.filter.forId === forId;
  const shown = ready ? state.list.length : 0;
  const more = ready && shown < state.total;
  const bottom = state.failed
    ? text.loadFailed
    : state.loading
      ? text.loading
      : more
        ? text.loadMore
        : shown === 0
          ? text.empty
          : text.end;

  return (
    <div className={styles.section}>
      <CommentInput
        draftKey={ready ? draftKey() : ''}
        me={me}
        guestsAllowed={guestsAllowed}
        onSend={sendComment}
        label={text.placeholder}
      />
      <div className={styles.toolbar}>
        <span className={styles.count}>{text.count(ready ? state.total : 0)}</span>
        <div role="group" aria-label={text.order} className={styles.order}>
          <button type="button" aria-pressed={state.filter.order === 'new'} onClick={() => void setOrder('new')}>
            {text.newest}
          </button>
          <button type="button" aria-pressed={state.filter.order === 'hot'} onClick={() => void setOrder('hot')}>
            {text.hottest}
          </button>
        </div>
      </div>
      <ol className={styles.list} aria-busy={state.loading}>
        {ready &&
          state.list.map((root) => (
            <CommentItem
              key={root.id}
              root={root}
              me={me}
              guestsAllowed={guestsAllowed}
              defaultAvatar={defaultAvatar}
            />
          ))}
      </ol>
      <button
        type="button"
        className={styles.more}
        onClick={() => void loadMoreComments()}
        disabled={!state.failed && (!more || state.loading)}
      >
        {bottom}
      </button>
    </div>
  );
}
