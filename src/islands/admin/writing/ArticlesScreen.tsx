import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { ARTICLE_FILTERS } from '../../../contract/writing';
import { adminText } from '../../../i18n/admin.zh-CN';
import { editArticlePage, NEW_ARTICLE_PAGE } from '../../../lib/browser/writingPages';
import { writingText } from '../../../i18n/writing.zh-CN';
import { $adminBusy } from '../../../stores/adminTable';
import { articleTable, binArticle } from '../../../stores/writingLists';
import ConfirmButton from '../../shared/ConfirmButton';
import { useHydrated } from '../../shared/useHydrated';
import Listing from '../Listing';
import ProblemLine from '../ProblemLine';
import SearchBox from '../SearchBox';
import adminStyles from '../Admin.module.scss';
import PublishStatus from './PublishStatus';
import styles from './Writing.module.scss';

const text = writingText;
const confirmClasses = { box: adminStyles.confirm, danger: adminStyles.danger };

/** /admin/articles: every article by status, pinned first, with its bin actions. */
export default function ArticlesScreen() {
  const hydrated = useHydrated();
  const state = useStore(articleTable.$list);
  const busy = useStore($adminBusy);
  useEffect(() => void articleTable.open(articleTable.$list.get().filter), []);
  if (!hydrated) return <p aria-busy="true">{adminText.loading}</p>;
  const { status, keyword } = state.filter;
  return (
    <div className={styles.screen}>
      <ProblemLine />
      <div className={styles.toolbar}>
        <a className={`${styles.primary} ${styles.upload}`} href={NEW_ARTICLE_PAGE}>
          {text.newArticle}
        </a>
        <div role="group" aria-label={text.statusFilter} className={styles.toolbar}>
          {ARTICLE_FILTERS.map((filter) => (
            <button
              key={filter}
              type="button"
              aria-pressed={status === filter}
              onClick={() => void articleTable.open({ status: filter, keyword })}
            >
              {text.filters[filter]}
            </button>
          ))}
        </div>
        <SearchBox
          label={`${adminText.search}${text.articles}`}
          keyword={keyword}
          onSearch={(words) => void articleTable.open({ status, keyword: words })}
        />
      </div>
      <PublishStatus />
      <Listing
        label={text.articles}
        state={state}
        onRetry={() => void articleTable.reload()}
        onPage={(page) => void articleTable.goTo(page)}
      >
        <table className={`${adminStyles.table} ${adminStyles.cards}`}>
          <thead>
            <tr>
              <th scope="col">ID</th>
              <th scope="col">{text.title}</th>
              <th scope="col">{text.category}</th>
              <th scope="col">{adminText.state}</th>
              <th scope="col">{text.date}</th>
              <th scope="col">{adminText.actions}</th>
            </tr>
          </thead>
          <tbody>
            {state.list.map((row) => (
              <tr key={`${row.id}:${row.file}`}>
                <td data-label="ID">{row.id}</td>
                <td data-label={text.title}>
                  {row.pinned && `[${text.pinned}] `}
                  {row.status === 'trash' ? row.title : <a href={editArticlePage(row.id)}>{row.title}</a>}
                  {row.problem && (
                    <span className={styles.error}>
                      {' '}
                      {text.problemIn(row.file)}
                      {row.problem}
                    </span>
                  )}
                  {row.skipped && !row.problem && (
                    <span className={styles.error}>
                      {' '}
                      {text.skippedIn(row.skipped.file, row.skipped.field)}
                      {row.skipped.reason}
                    </span>
                  )}
                </td>
                <td data-label={text.category}>{row.category}</td>
                <td
                  className={adminStyles.nowrap}
                  data-label={adminText.state}
                  title={row.state === 'pending' ? text.pendingHint : undefined}
                >
                  {text.states[row.state]}
                </td>
                <td className={adminStyles.nowrap} data-label={text.date}>
                  {row.date}
                </td>
                <td className={adminStyles.actions} aria-busy={busy === `article:${row.id}`}>
                  {row.status === 'trash' ? (
                    <>
                      <button type="button" onClick={() => void binArticle(row.id, 'restore')} disabled={busy !== null}>
                        {text.restore}
                      </button>
                      <ConfirmButton
                        label={text.destroy}
                        question={text.confirmDestroy}
                        onConfirm={() => void binArticle(row.id, 'destroy')}
                        classes={confirmClasses}
                      />
                    </>
                  ) : (
                    <ConfirmButton
                      label={text.trash}
                      question={text.confirmTrash}
                      onConfirm={() => void binArticle(row.id, 'trash')}
                      classes={confirmClasses}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Listing>
    </div>
  );
}
