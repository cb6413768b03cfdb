import { t } from '../../i18n/zh-CN';
import { newestFirst, type OptionAttributes } from './options';
import styles from './SearchDialog.module.scss';

interface Props {
  history: readonly string[];
  option: OptionAttributes;
  onPick: (term: string) => void;
  onClear: () => void;
}

/** Past searches, newest first; picking one searches it again. Its options come first in the listbox. */
export default function HistoryList({ history, option, onPick, onClear }: Props) {
  return (
    <section aria-label={t.search.history}>
      <div className={styles.sectionHead}>
        <h3>{t.search.history}</h3>
        {history.length > 0 && (
          <button type="button" onClick={onClear}>
            {t.search.clearHistory}
          </button>
        )}
      </div>
      {history.length === 0 ? (
        <p className={styles.muted}>{t.search.noHistory}</p>
      ) : (
        <ul className={styles.terms} data-testid="search-history">
          {newestFirst(history).map((term, i) => (
            <li key={term} {...option(i)}>
              <button type="button" onClick={() => onPick(term)}>
                {term}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
