import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { writingText } from '../../../i18n/writing.zh-CN';
import { pageLiveAhead } from '../../../lib/shared/publishing';
import { $publishState, publishNow, watchPublishing } from '../../../stores/publishStatus';
import styles from './Writing.module.scss';

const text = writingText;

/**
 * The build queue in words, announced to screen readers; 查看文章 once the article is live; 重新发布
 * to build now (in the editor, whose own buttons publish, only after a failed build).
 */
export default function PublishStatus({
  articleId,
  retryAfterFailureOnly = false,
}: {
  articleId?: number | null;
  retryAfterFailureOnly?: boolean;
}) {
  const state = useStore($publishState);
  useEffect(() => watchPublishing(), []);
  const phase = state?.state ?? 'idle';
  const working = phase === 'queued' || phase === 'building';
  // The article's own page went live at once (a quick release); the build that follows updates lists and tags.
  const ahead = working && pageLiveAhead(state, articleId);
  return (
    <div className={styles.toolbar}>
      {/* Builds the site now: after a failed build, a hand edit, or with AUTO_PUBLISH=off. */}
      {(!retryAfterFailureOnly || phase === 'failed') && (
        <button type="button" onClick={() => void publishNow()} disabled={working}>
          {text.publishNow}
        </button>
      )}
      <div role="status" aria-label={text.publishStatus} className={styles.status} data-state={phase}>
        {ahead && `${text.pageLiveAhead}`}
        {!ahead &&
          phase === 'building' &&
          state &&
          `${text.publishStates.building}：${state.step}（${state.percent}%）`}
        {!ahead && phase !== 'building' && text.publishStates[phase]}
        {ahead && state && phase === 'building' && text.restBuilding(state.step, state.percent)}
        {(phase === 'live' || ahead) && articleId ? (
          <>
            {' '}
            <a href={`/article/${articleId}`} target="_blank" rel="noopener">
              {text.viewArticle}
            </a>
          </>
        ) : null}
        {phase === 'failed' && state?.error && (
          <span className={styles.problem}>
            {state.error.file ? text.problemIn(state.error.file) : ''}
            {state.error.field ? `${state.error.field}：` : ''}
            {state.error.message}
          </span>
        )}
      </div>
    </div>
  );
}
