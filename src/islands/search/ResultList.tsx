import type { SearchResult } from '../../contract/articles';
import { t } from '../../i18n/zh-CN';
import Highlighted from './Highlighted';
import type { OptionAttributes } from './options';
import type { SearchStatus } from './useSearch';
import styles from './SearchDialog.module.scss';

interface Props {
  term: string;
  results: SearchResult[];
  status: SearchStatus;
  option: OptionAttributes;
  onOpen: (id: number) => void;
}

/** The articles matching the keyword, with it highlighted in the title and the excerpt. */
export default function ResultList({ term, results, status, option, onOpen }: Props) {
  return (
    <>
      {status === 'loading' && results.length === 0 && <p className={styles.state}>{t.search.loading}</p>}
      {status === 'error' && <p className={styles.state}>{t.search.failed}</p>}
      {status === 'done' && results.length === 0 && <p className={styles.state}>{t.search.empty}</p>}
      <ul className={styles.results}>
        {results.map((r, i) => (
          <li key={r.id} {...option(i)}>
            <a
              href={`/article/${r.id}`}
              onClick={(e) => {
                e.preventDefault();
                onOpen(r.id);
              }}
            >
              <strong>
                <Highlighted text={r.article_title} keyword={term} />
              </strong>
              <span>
                <Highlighted text={r.article_content} keyword={term} />
              </span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
