import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import { t } from '../../i18n/zh-CN';
import { toggleTheme } from '../../stores/theme';
import { $searchOpen, openSearch } from '../../stores/search';
import { $isLoggedIn, $userInfo } from '../../stores/user';
import { unfoldPlayer } from '../../stores/playerFold';
import { DISC_OPEN_ATTRIBUTE, UNFOLD_BUTTON_ATTRIBUTE } from '../../lib/browser/playerFold';
import { useHydrated } from '../shared/useHydrated';
import UserMenu from './UserMenu';
import { neverOnServer, useOnDemand } from '../shared/useOnDemand';
import styles from './HeaderControls.module.scss';

// The search dialog and the drawer are loaded by the browser only (see neverOnServer): their
// stylesheets arrive with their chunks, applied before the chunk's promise resolves.
// Once the header is awake, the dialog's code is fetched when the browser is idle, so it is in
// memory by the time a reader presses "/" and opens in the same frame. Search opened before that
// (the page script listens for the keys, client/searchShortcut.ts) loads it at once.
const loadSearchDialog = () =>
  import.meta.env.SSR ? neverOnServer() : import('../search/SearchDialog').then((m) => m.default);
// The bell and its counts are for logged-in readers only: a visitor never downloads them.
const NotificationBell = lazy(() =>
  import.meta.env.SSR ? neverOnServer() : import('../notifications/NotificationBell'),
);
// The drawer is for phones: it loads when the reader reaches for its button.
const loadDrawer = () => (import.meta.env.SSR ? neverOnServer() : import('./Drawer').then((m) => m.default));

interface Props {
  title: string;
  avatar: string;
  /** The site has the music player: a folded pill comes back from here. */
  music: boolean;
}

/** The pill comes back, and focus with it, as this button goes. */
function unfold() {
  unfoldPlayer();
  document.querySelector<HTMLElement>(`[${DISC_OPEN_ATTRIBUTE}]`)?.focus();
}

/**
 * The header's interactive corner: search, theme, login, and on mobile the drawer and back button.
 * It hydrates when the reader reaches for it (`client:interaction`), or at idle for a logged-in
 * reader, whose avatar and bell it shows (src/client/page.ts wakes it). Until then the server's
 * HTML stands in, the login link included: the page script marks the header with the reader's
 * state, and the link shows only for a reader who is not logged in.
 */
export default function HeaderControls({ title, avatar, music }: Props) {
  // Who is logged in is known only in the browser: the first render matches the server's.
  const hydrated = useHydrated();
  const loggedIn = useStore($isLoggedIn);
  const userInfo = useStore($userInfo);
  const user = hydrated && loggedIn ? (userInfo ?? null) : null;
  const searchOpen = useStore($searchOpen);
  const [SearchDialog, setSearchDialog] = useState<ComponentType | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  // Should the chunk not arrive, the menu stays closed and the next tap tries again.
  const [Drawer, fetchDrawer] = useOnDemand(loadDrawer, drawerOpen, closeDrawer);

  useEffect(() => {
    if (SearchDialog) return;
    const load = () => void loadSearchDialog().then((dialog) => setSearchDialog(() => dialog));
    // Opened before the idle fetch: load now.
    if (searchOpen) return load();
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
    idle(load);
  }, [searchOpen, SearchDialog]);

  return (
    <div className={styles.controls}>
      <button
        type="button"
        className={`${styles.icon} ${styles.mobileOnly}`}
        onClick={() => history.back()}
        aria-label={t.nav.back}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M15 5l-7 7 7 7" />
        </svg>
      </button>
      <button
        type="button"
        className={`${styles.icon} ${styles.mobileOnly} ${styles.first}`}
        onPointerDown={Drawer ? undefined : fetchDrawer}
        onClick={() => setDrawerOpen(true)}
        aria-label={t.nav.openMenu}
        aria-expanded={drawerOpen}
        aria-controls="nav-drawer"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      <button
        type="button"
        className={styles.icon}
        onClick={openSearch}
        aria-label={t.nav.search}
        title={t.search.shortcut}
        aria-keyshortcuts="/ Control+K"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-4-4" />
        </svg>
      </button>
      <button type="button" className={styles.icon} onClick={toggleTheme} data-testid="theme-toggle">
        {/* Both icons and both names render; CSS shows the pair for the theme already on <html>, so the button is right before it hydrates. */}
        <span className={styles.sun}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v2M12 20v2M2 12h2M20 12h2M5 5l1.5 1.5M17.5 17.5L19 19M5 19l1.5-1.5M17.5 6.5L19 5" />
          </svg>
          <span className="visually-hidden">{t.theme.toLight}</span>
        </span>
        <span className={styles.moon}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z" />
          </svg>
          <span className="visually-hidden">{t.theme.toDark}</span>
        </span>
      </button>
      {/* Shown by CSS while the pill is folded away, so it is right before the header hydrates. */}
      {music && (
        <button
          type="button"
          className={`${styles.icon} ${styles.unfold}`}
          onClick={unfold}
          aria-label={t.player.unfold}
          {...{ [UNFOLD_BUTTON_ATTRIBUTE]: '' }}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M9 18V5l11-2v13" />
            <circle cx="6" cy="18" r="3" />
            <circle cx="17" cy="16" r="3" />
          </svg>
        </button>
      )}
      {user && (
        <Suspense fallback={null}>
          <NotificationBell iconClass={styles.icon} />
        </Suspense>
      )}
      <UserMenu user={user} defaultAvatar={avatar} />
      {SearchDialog && <SearchDialog />}
      {Drawer && <Drawer open={drawerOpen} onClose={closeDrawer} title={title} user={user} defaultAvatar={avatar} />}
    </div>
  );
}
