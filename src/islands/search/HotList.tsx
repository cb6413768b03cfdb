import type { HotArticle } from '../../contract/articles';
import { t } from '../../i18n/zh-CN';
import type { OptionAttributes } from './options';
import styles from './SearchDialog.module.scss';

const CIRCLED = ['①', '②', '③', '④', '⑤'];

interface Props {
  hot: HotArticle[] | null;
  failed: boolean;
  /** The listbox index of the first hot article: the history's options come before it. */
  first: number;
  option: OptionAttributes;
  onOpen: (id: number) => void;
}

/** The five most read articles, ranked ① to ⑤. */
export default function HotList({ hot, failed, first, option, onOpen }: Props) {
  return (
    <section aria-label={t.search.hot}>
      <div className={styles.sectionHead}>
        <h3>{t.search.hot}</h3>
      </div>
      {hot === null || failed || hot.length === 0 ? (
        <p className={styles.muted}>
          {hot === null ? t.search.loading : failed ? t.search.hotFailed : t.search.hotEmpty}
        </p>
      ) : (
        <ol className={styles.hot} data-testid="search-hot">
          {hot.map((h, n) => (
            <li key={h.id} {...option(first + n)}>
              <a
                href={`/article/${h.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  onOpen(h.id);
                }}
              >
                <span className={styles.rank} data-rank={n + 1}>
                  {CIRCLED[n]}
                </span>
                {h.article_title}
              </a>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
