import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import type { LinkStatusCode } from '../../contract/links';
import { adminText } from '../../i18n/admin.zh-CN';
import { linkSelection, linkTable, reviewLinks } from '../../stores/admin';
import { $adminBusy } from '../../stores/adminTable';
import { LinkIcon } from '../links/LinkCard';
import { useHydrated } from '../shared/useHydrated';
import Listing from './Listing';
import ProblemLine from './ProblemLine';
import styles from './Admin.module.scss';

const text = adminText;
const FILTERS: [LinkStatusCode | null, string][] = [
  [1, text.linkStatuses[1]],
  [2, text.linkStatuses[2]],
  [3, text.linkStatuses[3]],
  [null, text.all],
];

/** /admin/links: download applications by state, approved or rejected one at a time or ticked together. */
export default function LinkReviewScreen() {
  const hydrated = useHydrated();
  const state = useStore(linkTable.$list);
  const { ids } = useStore(linkSelection.$selection);
  const busy = useStore($adminBusy);
  const selectAll = useRef<HTMLInputElement>(null);

  useEffect(() => void linkSelection.show(() => linkTable.open(linkTable.$list.get().filter)), []);

  const onPage = state.list.filter((item) => ids.includes(item.id)).length;
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = onPage > 0 && onPage < state.list.length;
  });

  if (!hydrated)
    return (
      <p className={styles.quiet} aria-busy="true">
        {text.loading}
      </p>
    );

  return (
    <div className={styles.screen}>
      <ProblemLine />
      <div className={styles.toolbar}>
        <div role="group" aria-label={text.statusFilter} className={styles.filters}>
          {FILTERS.map(([status, label]) => (
            <button
              key={label}
              type="button"
              aria-pressed={state.filter === status}
              onClick={() => void linkSelection.show(() => linkTable.open(status))}
            >
              {label}
            </button>
          ))}
        </div>
        <div className={styles.bulk}>
          <span aria-live="polite">{text.selected(ids.length)}</span>
          <button
            type="button"
            onClick={() => void reviewLinks(ids, 'approve')}
            disabled={ids.length === 0 || busy !== null}
          >
            {text.approveSelected}
          </button>
          <button
            type="button"
            onClick={() => void reviewLinks(ids, 'reject')}
            disabled={ids.length === 0 || busy !== null}
          >
            {text.rejectSelected}
          </button>
        </div>
      </div>
      <Listing
        label={text.links}
        state={state}
        onRetry={() => void linkTable.reload()}
        onPage={(page) => void linkSelection.show(() => linkTable.goTo(page))}
      >
        <table className={`${styles.table} ${styles.cards}`}>
          <thead>
            <tr>
              <th scope="col" className={styles.check}>
                <label className={styles.selectAll}>
                  <input
                    ref={selectAll}
                    type="checkbox"
                    aria-label={text.selectAll}
                    checked={state.list.length > 0 && onPage === state.list.length}
                    onChange={(e) => linkSelection.selectAll(e.target.checked)}
                  />
                  <span aria-hidden="true">{text.selectAll}</span>
                </label>
              </th>
              <th scope="col">{text.site}</th>
              <th scope="col">{text.applicant}</th>
              <th scope="col">{text.state}</th>
              <th scope="col">{text.time}</th>
              <th scope="col">{text.actions}</th>
            </tr>
          </thead>
          <tbody>
            {state.list.map((item) => (
              <tr key={item.id} data-selected={ids.includes(item.id) || undefined}>
                <td className={styles.check}>
                  <input
                    type="checkbox"
                    aria-label={text.select(item.site_name)}
                    checked={ids.includes(item.id)}
                    onChange={(e) => linkSelection.toggle(item.id, e.target.checked)}
                  />
                </td>
                <td className={styles.content} data-label={text.site}>
                  <div className={styles.linkCell}>
                    <LinkIcon name={item.site_name} icon={item.site_avatar} />
                    <div>
                      <strong>{item.site_name}</strong>
                      <small className={styles.sub}>{item.site_desc}</small>
                      <a href={item.url} target="_blank" rel="noopener noreferrer nofollow ugc" className={styles.url}>
                        {item.url}
                      </a>
                    </div>
                  </div>
                </td>
                <td className={styles.nowrap} data-label={text.applicant}>
                  {text.userId(item.user_id)}
                </td>
                <td className={styles.nowrap} data-label={text.state}>
                  <span className={styles.badge} data-status={item.status}>
                    {text.linkStatuses[item.status]}
                  </span>
                </td>
                <td className={styles.nowrap} data-label={text.time}>
                  {item.updatedAt}
                </td>
                <td className={styles.actions}>
                  {item.status !== 2 && (
                    <button
                      type="button"
                      onClick={() => void reviewLinks([item.id], 'approve')}
                      disabled={busy !== null}
                    >
                      {text.approve}
                    </button>
                  )}
                  {item.status !== 3 && (
                    <button
                      type="button"
                      onClick={() => void reviewLinks([item.id], 'reject')}
                      disabled={busy !== null}
                    >
                      {text.reject}
                    </button>
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
