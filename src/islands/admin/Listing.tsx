import type { ReactNode } from 'react';
import { adminText } from '../../i18n/admin.zh-CN';
import { pageCount, type TableState } from '../../stores/adminTable';
import styles from './Admin.module.scss';

const text = adminText;

interface Props {
  /** What the table lists, e.g. 评论: names its scrolling region. */
  label: string;
  state: TableState<unknown, unknown>;
  onRetry: () => void;
  onPage: (page: number) => void;
  /** The table itself, shown once there are rows. */
  children: ReactNode;
}

/**
 * A table of the console with its states: loading, failed (with a retry), empty, and pages. On a
 * narrow screen the table scrolls sideways inside a region that takes the focus, so the keyboard
 * can scroll it too.
 */
export default function Listing({ label, state, onRetry, onPage, children }: Props) {
  const retry = (
    <button type="button" className={styles.retry} onClick={onRetry}>
      {text.loadFailed}
    </button>
  );
  if (!state.loaded)
    return state.failed ? (
      <p className={styles.quiet}>{retry}</p>
    ) : (
      <p className={styles.quiet} aria-busy="true">
        {text.loading}
      </p>
    );
  const pages = pageCount(state.total);
  return (
    <div className={styles.listing} aria-busy={state.loading}>
      {state.failed && <p className={styles.quiet}>{retry}</p>}
      {state.list.length === 0 ? (
        <p className={styles.quiet}>{text.empty}</p>
      ) : (
        <div className={styles.scroll} role="region" aria-label={text.tableOf(label)} tabIndex={0}>
          {children}
        </div>
      )}
      {state.total > 0 && (
        <nav className={styles.pager} aria-label={text.pages}>
          <button
            type="button"
            onClick={() => onPage(state.current - 1)}
            disabled={state.loading || state.current <= 1}
          >
            {text.previousPage}
          </button>
          <span>{text.pageOf(state.current, pages, state.total)}</span>
          <button
            type="button"
            onClick={() => onPage(state.current + 1)}
            disabled={state.loading || state.current >= pages}
          >
            {text.nextPage}
          </button>
        </nav>
      )}
    </div>
  );
}
