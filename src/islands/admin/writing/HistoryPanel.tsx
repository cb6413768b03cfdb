import { useStore } from '@nanostores/react';
import { diffLines } from 'diff';
import { writingText } from '../../../i18n/writing.zh-CN';
import { splitFrontMatter } from '../../../lib/shared/frontMatter';
import {
  $editor,
  $history,
  $version,
  isDirty,
  loadHistory,
  restoreVersion,
  showVersion,
} from '../../../stores/articleEditor';
import ConfirmButton from '../../shared/ConfirmButton';
import styles from './Writing.module.scss';

const text = writingText;
const confirmClasses = { box: styles.confirm, danger: styles.danger };

/** 历史版本: the saved versions, one compared line by line with the body in the editor, and restored on request. */
export default function HistoryPanel() {
  const history = useStore($history);
  const version = useStore($version);
  const { draft } = useStore($editor);
  if (history === null)
    return (
      <button type="button" onClick={() => void loadHistory()}>
        {text.history}
      </button>
    );
  return (
    <section className={styles.notice} aria-label={text.history}>
      <h3>{text.history}</h3>
      {history.length === 0 && <p>{text.noHistory}</p>}
      <ul>
        {history.map((row) => (
          <li key={row.id}>
            {row.saved_at} · {row.title} · {row.chars} 字{' '}
            <button type="button" onClick={() => void showVersion(row.id)}>
              {text.compare}
            </button>
          </li>
        ))}
      </ul>
      {version && (
        <div>
          <pre className={styles.diff}>
            {diffLines(draft.body, splitFrontMatter(version.source).body).map((part, i) => (
              <span key={i} className={part.added ? styles.added : part.removed ? styles.removed : undefined}>
                {part.value}
              </span>
            ))}
          </pre>
          {isDirty() ? (
            <ConfirmButton
              label={text.restoreVersion}
              question={text.confirmRestoreVersion}
              onConfirm={() => void restoreVersion(version.id)}
              classes={confirmClasses}
            />
          ) : (
            <button type="button" onClick={() => void restoreVersion(version.id)}>
              {text.restoreVersion}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
