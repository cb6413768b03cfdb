import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { formatCount } from '../../lib/browser/format';
import OfflineNote from '../shared/OfflineNote';
import { useHydrated } from '../shared/useHydrated';
import { neverOnServer } from '../shared/useOnDemand';
import { $article, countArticleView, toggleLike } from '../../stores/article';
import { $online } from '../../stores/network';
import styles from './LikeButton.module.scss';
import { needsNetworkText } from '../../i18n/needsNetwork.zh-CN';

// Its code and style load once the bar is in view, and only in the browser: the page's first flight
// carries none of it. It takes the bar's third column, so the heart does not move when it comes.
const SaveForOffline = lazy(() => (import.meta.env.SSR ? neverOnServer() : import('./SaveForOffline')));

/**
 * The bar under an article: the heart (red when liked, the count in k/w) and, with offline reading
 * on, 「离线保存」.
 */
export default function LikeButton({ articleId, offline }: { articleId: number; offline: boolean }) {
  const state = useStore($article);
  useEffect(() => void countArticleView(articleId), [articleId]);
  const hydrated = useHydrated();
  // Saving needs the network: offline the button does not come (its code may never have loaded).
  const online = useStore($online);
  const ready = hydrated && state.id === articleId && state.loaded;

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
      {offline && hydrated && online && (
        <Suspense fallback={null}>
          <SaveForOffline />
        </Suspense>
      )}
      <OfflineNote>{needsNetworkText.likes}</OfflineNote>
    </div>
  );
}
