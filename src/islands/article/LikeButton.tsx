import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatCount } from '../../lib/browser/format';
import { t } from '../../i18n/zh-CN';
import OfflineNote from '../shared/OfflineNote';
import { useHydrated } from '../shared/useHydrated';
import { $article, countArticleView, toggleLike } from '../../stores/article';
import styles from './LikeButton.module.scss';

/** The heart under an article: red when liked, the count in k/w. */
export default function LikeButton({ articleId }: { articleId: number }) {
  const state = useStore($article);
  useEffect(() => void countArticleView(articleId), [articleId]);
  const ready = useHydrated() && state.id === articleId && state.loaded;

  return (
    <div className={styles.bar}>
      <button
        type="button"
        className={styles.like}
        data-liked={ready && state.liked}
        aria-pressed={ready && state.liked}
        aria-label={ready && state.liked ? '取消点赞' : '点赞'}
        disabled={!ready || state.liking}
        onClick={toggleLike}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.5 3 4.5 6.9 4.5c2.2 0 3.7 1.2 5.1 3 1.4-1.8 2.9-3 5.1-3 3.9 0 6 4 4.5 7.3C19.5 16.4 12 21 12 21z" />
        </svg>
        <span data-testid="like-count">{ready ? formatCount(state.likes) : '—'}</span>
      </button>
      <OfflineNote>{t.offline.likes}</OfflineNote>
    </div>
  );
}
