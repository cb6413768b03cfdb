import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { t } from '../../i18n/zh-CN';
import { formatCount } from '../../lib/browser/format';
import { $talks, loadTalks, toggleTalkLike } from '../../stores/talks';
import { useHydrated } from '../shared/useHydrated';
import styles from './TalkActions.module.scss';

interface Props {
  talkId: number;
  /** Where the comment count leads: the talk's own page, or its comments when already there. */
  commentsHref: string;
}

/** Under a talk: its like button and how many comments it has. */
export default function TalkActions({ talkId, commentsHref }: Props) {
  const live = useStore($talks, { keys: [talkId] })[talkId];
  const ready = useHydrated() && live !== undefined;
  useEffect(() => void loadTalks(), []);

  return (
    <div className={styles.bar}>
      <button
        type="button"
        className={styles.like}
        aria-pressed={ready && live.liked}
        aria-label={ready ? (live.liked ? t.talk.unlike(live.likes) : t.talk.like(live.likes)) : t.talk.like(0)}
        disabled={!ready || live.liking}
        data-liked={ready && live.liked}
        onClick={() => void toggleTalkLike(talkId)}
      >
        ♥ <span>{ready ? formatCount(live.likes) : '—'}</span>
      </button>
      <a className={styles.comments} href={commentsHref}>
        {t.talk.comments(ready ? live.comments : 0)}
      </a>
    </div>
  );
}
