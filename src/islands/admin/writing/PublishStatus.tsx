import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { writingText } from '../../../i18n/writing.zh-CN';
import { $publishState, watchPublishing } from '../../../stores/publishStatus';
import styles from './Writing.module.scss';

const text = writingText;

/** The build queue in words, announced to screen readers; 查看文章 once the article is live. */
export default function PublishStatus({ articleId }: { articleId?: number | null }) {
  const state = useStore($publishState);
  useEffect(() => void watchPublishing(), []);
  const phase = state?.state ?? 'idle';
  return (
    <div role="status" aria-label={text.publishStatus} className={styles.status} data-state={phase}>
      {phase === 'building' && state && `${text.publishStates.building}：${state.step}（${state.percent}%）`}
      {phase !== 'building' && text.publishStates[phase]}
      {phase === 'live' && articleId ? (
        <>
          {' '}
          <a href={`/article/${articleId}`} target="_blank" rel="noopener">{text.viewArticle}</a>
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
  );
}
