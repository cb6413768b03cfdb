import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { call } from '../../client/api';
import { ARTICLE_ADD_READING } from '../../contract/routes';
import { formatCount, formatDuration } from '../../lib/browser/format';
import { createReadingTimer, splitReading } from '../../lib/browser/readingTimer';
import { useHydrated } from '../shared/useHydrated';
import { $article, leaveArticle, countArticleView, setReadingTotal } from '../../stores/article';

/**
 * Live views and total reading time in the article banner. It also times this visit — only
 * while the tab is visible and the article is on screen — and reports it when the reader
 * hides or leaves the page.
 */
export default function ArticleStats({ articleId }: { articleId: number }) {
  const state = useStore($article);
  const hydrated = useHydrated();

  useEffect(() => {
    void countArticleView(articleId);
    const timer = createReadingTimer(performance.now(), { visible: document.visibilityState === 'visible' });
    const article = document.querySelector(`[data-article-id="${articleId}"]`);
    const observer = new IntersectionObserver(([entry]) => timer.setOnScreen(entry.isIntersecting, performance.now()));
    if (article) observer.observe(article);

    const flush = () => {
      for (const ms of splitReading(timer.take(performance.now()))) {
        // Sent with keepalive, so that it survives the page being hidden or left.
        call(ARTICLE_ADD_READING, { id: articleId, duration: ms }, { keepalive: true }).then(
          ({ result }) => result !== undefined && setReadingTotal(articleId, result),
          () => {},
        );
      }
    };
    const onVisibility = () => {
      const visible = document.visibilityState === 'visible';
      if (!visible) flush();
      timer.setVisible(visible, performance.now());
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', flush);
    // Client-side navigation neither hides nor unloads the page.
    document.addEventListener('astro:before-preparation', flush);
    return () => {
      flush();
      observer.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('astro:before-preparation', flush);
      leaveArticle(articleId);
    };
  }, [articleId]);

  // The counters of an article visited a moment ago are still in the store; the server showed none.
  if (!hydrated || state.id !== articleId || !state.loaded) return <span aria-hidden="true">阅读 — 次</span>;
  return (
    <span data-testid="article-stats">
      阅读 <span data-testid="view-count">{formatCount(state.views)}</span> 次 · 累计阅读{' '}
      {formatDuration(state.readingMs)}
    </span>
  );
}
