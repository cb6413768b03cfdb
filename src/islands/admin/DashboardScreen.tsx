import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import type { Dashboard } from '../../contract/admin';
import { ADMIN_EXPORT, splitRoute } from '../../contract/routes';
import { adminText } from '../../i18n/admin.zh-CN';
import { auditActionLabel } from '../../lib/browser/adminView';
import { formatPrice } from '../../lib/shared/shop';
import { $dashboard, loadDashboard } from '../../stores/admin';
import { useHydrated } from '../shared/useHydrated';
import ViewsChart from './ViewsChart';
import styles from './Admin.module.scss';

const text = adminText;

type Count = Exclude<keyof Dashboard, 'audit' | 'daily_views' | 'top_articles' | 'categories' | 'tags'>;
const COUNTS: Count[] = [
  'articles',
  'users',
  'comments',
  'messages',
  'pending_links',
  'pending_orders',
  'revenue_cents',
  'views',
];
/** Counts that call for work lead to the screen where it is done. */
const WORK: Partial<Record<Count, string>> = { pending_links: '/admin/links', pending_orders: '/admin/orders' };

/** 导出全部 (ADMIN_EXPORT): the same as `npm run export`, as one zip. */
const EXPORT_URL = splitRoute(ADMIN_EXPORT).path;

const shown = (key: Count, value: number) =>
  key === 'revenue_cents' ? formatPrice(value) : value.toLocaleString('zh-CN');

/** /admin: the site's numbers and the last actions taken in the console. */
export default function DashboardScreen() {
  const hydrated = useHydrated();
  const { dashboard, loading, failed } = useStore($dashboard);
  const id = useId();

  useEffect(() => void loadDashboard(), []);

  if (!hydrated || (!dashboard && !failed))
    return (
      <p className={styles.quiet} aria-busy="true">
        {text.loading}
      </p>
    );
  if (!dashboard) {
    return (
      <p className={styles.quiet}>
        <button type="button" className={styles.retry} onClick={() => void loadDashboard()}>
          {text.loadFailed}
        </button>
      </p>
    );
  }

  return (
    <div className={styles.screen}>
      <section aria-labelledby={`${id}-stats`}>
        <div className={styles.toolbar}>
          <h2 id={`${id}-stats`}>{text.statistics}</h2>
          <span className={styles.inline}>
            {/* A plain link: the browser downloads the zip as it comes, with its own progress. */}
            <a href={EXPORT_URL} download title={text.exportAllHint}>
              {text.exportAll}
            </a>
            <button type="button" onClick={() => void loadDashboard()} disabled={loading}>
              {loading ? text.loading : text.reload}
            </button>
          </span>
        </div>
        {failed && (
          <p className={styles.problem} role="alert">
            {text.loadFailed}
          </p>
        )}
        <dl className={styles.counts} data-testid="dashboard-counts">
          {COUNTS.map((key) => (
            <div key={key}>
              <dt>{text.counts[key]}</dt>
              <dd>{WORK[key] ? <a href={WORK[key]}>{shown(key, dashboard[key])}</a> : shown(key, dashboard[key])}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby={`${id}-views`}>
        <h2 id={`${id}-views`}>{text.viewsChart}</h2>
        <ViewsChart days={dashboard.daily_views} />
      </section>

      <section aria-labelledby={`${id}-top`}>
        <h2 id={`${id}-top`}>{text.topArticles}</h2>
        {dashboard.top_articles.length === 0 ? (
          <p className={styles.quiet}>{text.noViews}</p>
        ) : (
          <ol className={styles.ranking}>
            {dashboard.top_articles.map((article) => (
              <li key={article.id}>
                <a href={`/article/${article.id}`}>{article.title}</a>{' '}
                <span className={styles.quiet}>{article.views.toLocaleString('zh-CN')}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby={`${id}-taxonomy`}>
        <h2 id={`${id}-taxonomy`}>{text.articleCounts}</h2>
        <div className={styles.pair}>
          {(
            [
              ['categories', text.categoryName],
              ['tags', text.tagName],
            ] as const
          ).map(([key, label]) => (
            <table key={key} className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{label}</th>
                  <th scope="col">{text.articleCount}</th>
                </tr>
              </thead>
              <tbody>
                {dashboard[key].map((row) => (
                  <tr key={row.name}>
                    <td>{row.name}</td>
                    <td>{row.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </div>
      </section>

      <section aria-labelledby={`${id}-audit`}>
        <h2 id={`${id}-audit`}>{text.audit}</h2>
        {dashboard.audit.length === 0 ? (
          <p className={styles.quiet}>{text.auditEmpty}</p>
        ) : (
          <div className={styles.scroll} role="region" aria-label={text.tableOf(text.audit)} tabIndex={0}>
            <table className={`${styles.table} ${styles.cards}`}>
              <thead>
                <tr>
                  <th scope="col">{text.time}</th>
                  <th scope="col">{text.actor}</th>
                  <th scope="col">{text.action}</th>
                  <th scope="col">{text.target}</th>
                  <th scope="col">{text.detail}</th>
                </tr>
              </thead>
              <tbody>
                {dashboard.audit.map((entry) => (
                  <tr key={entry.id}>
                    <td className={styles.nowrap} data-label={text.time}>
                      {entry.createdAt}
                    </td>
                    <td data-label={text.actor}>{entry.actor_name}</td>
                    <td className={styles.nowrap} data-label={text.action}>
                      {auditActionLabel(entry.action, text.auditActions)}
                    </td>
                    <td className={styles.mono} data-label={text.target}>
                      {entry.target}
                    </td>
                    <td data-label={text.detail}>{entry.detail}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
