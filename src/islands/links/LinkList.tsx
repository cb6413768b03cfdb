import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { linkText } from '../../i18n/links.zh-CN';
import { $linkList, loadMoreLinks, openLinkList } from '../../stores/links';
import { useHydrated } from '../shared/useHydrated';
import LinkCard from './LinkCard';
import styles from './Links.module.scss';

const text = linkText;

/** /link/list: the approved downloads, newest first, a page at a time. */
export default function LinkList() {
  const hydrated = useHydrated();
  const state = useStore($linkList);

  useEffect(() => void openLinkList(), []);

  // The list is the server's; until it has answered, the first render says only that it is coming.
  if (!hydrated || (!state.loaded && !state.failed))
    return (
      <p className="empty" aria-busy="true">
        {text.loading}
      </p>
    );
  if (!state.loaded) {
    return (
      <p className="empty">
        <button type="button" className={styles.more} onClick={() => void openLinkList()}>
          {text.loadFailed}
        </button>
      </p>
    );
  }
  if (state.list.length === 0) {
    // The page's own 申请收录 link sits right above.
    return <p className="empty">{text.empty}</p>;
  }

  const more = state.list.length < state.total;
  const bottom = state.loading ? text.loading : state.failed ? text.loadFailed : more ? text.loadMore : text.end;
  return (
    <div className={styles.listPage}>
      <ul className={styles.grid} aria-busy={state.loading}>
        {state.list.map((item) => (
          <li key={item.id}>
            <LinkCard name={item.site_name} desc={item.site_desc} icon={item.site_avatar} url={item.url} />
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={styles.more}
        onClick={() => void loadMoreLinks()}
        disabled={state.loading || (!more && !state.failed)}
      >
        {bottom}
      </button>
    </div>
  );
}
