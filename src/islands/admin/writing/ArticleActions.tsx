import { useStore } from '@nanostores/react';
import { writingText } from '../../../i18n/writing.zh-CN';
import { isLiveStatus } from '../../../lib/browser/writingDraft';
import { $editor, isDirty, moveArticle, saveArticle } from '../../../stores/articleEditor';
import { savePendingEdit, withdrawArticle } from '../../../stores/articleLiveEdits';
import ConfirmButton from '../../shared/ConfirmButton';
import PublishStatus from './PublishStatus';
import styles from './Writing.module.scss';

const text = writingText;
const confirmClasses = { box: styles.confirm, danger: styles.danger };

/**
 * The buttons, saying what each does to the article readers see, and the publish line under them;
 * they stay at the top of the window while the owner writes, from a click until 查看文章.
 * A live article is updated, kept aside (暂存修改) or withdrawn, never unpublished by a save.
 */
export default function ArticleActions() {
  const state = useStore($editor);
  const live = isLiveStatus(state.status);
  const busy = state.saving;
  return (
    <div className={styles.actionBar}>
      <div className={styles.buttons}>
        {state.status && (
          <span className={styles.state} data-status={state.status}>
            {text.statuses[state.status]}
          </span>
        )}
        {state.status === 'trash' ? (
          <button type="button" onClick={() => void moveArticle('restore')}>
            {text.restore}
          </button>
        ) : live ? (
          <>
            <button
              type="button"
              onClick={() => void savePendingEdit()}
              disabled={busy || !isDirty(state)}
              title={text.savePendingHint}
            >
              {text.savePending}
            </button>
            <button type="button" className={styles.primary} onClick={() => void saveArticle(true)} disabled={busy}>
              {text.update}
            </button>
            <span className={styles.apart}>
              <ConfirmButton
                label={text.withdraw}
                question={text.confirmWithdraw}
                onConfirm={() => void withdrawArticle()}
                classes={confirmClasses}
              />
            </span>
          </>
        ) : (
          <>
            <button type="button" onClick={() => void saveArticle(false)} disabled={busy}>
              {text.saveDraft}
            </button>
            <button type="button" className={styles.primary} onClick={() => void saveArticle(true)} disabled={busy}>
              {text.publish}
            </button>
          </>
        )}
      </div>
      {state.refusal && (
        <p className={styles.error} role="alert">
          {state.refusal}
        </p>
      )}
      <PublishStatus articleId={state.status === 'published' ? state.id : null} retryAfterFailureOnly />
    </div>
  );
}
