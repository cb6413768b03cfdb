import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { t } from '../../i18n/zh-CN';
import { $theme, syncTheme, toggleTheme } from '../../stores/theme';
import { showToast } from '../../stores/toast';
import Drawer, { type DrawerItem } from './Drawer';
import styles from './HeaderControls.module.scss';

interface Props {
  drawerItems: DrawerItem[];
  title: string;
}

/** The header's interactive corner: search, theme, login, and on mobile the drawer and back button. */
export default function HeaderControls({ drawerItems, title }: Props) {
  const theme = useStore($theme);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  // Captured once: the header persists across navigations, so this never changes within a tab.
  const [mountedAt] = useState(() => `${Date.now()}-${Math.random().toString(36).slice(2)}`);

  useEffect(() => {
    syncTheme();
    document.addEventListener('astro:after-swap', syncTheme);
    return () => document.removeEventListener('astro:after-swap', syncTheme);
  }, []);

  return (
    <div className={styles.controls} data-mounted-at={mountedAt}>
      <button type="button" className={`${styles.icon} ${styles.mobileOnly}`} onClick={() => history.back()} aria-label={t.nav.back}>
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M15 5l-7 7 7 7" /></svg>
      </button>
      <button type="button" className={`${styles.icon} ${styles.mobileOnly} ${styles.first}`} onClick={() => setDrawerOpen(true)} aria-label={t.nav.openMenu} aria-expanded={drawerOpen} aria-controls="nav-drawer">
        <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 6h16M4 12h16M4 18h16" /></svg>
      </button>
      <button type="button" className={styles.icon} onClick={() => showToast(t.toast.searchSoon, 'info')} aria-label={t.nav.search}>
        <svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="11" cy="11" r="7" /><path d="M20 20l-4-4" /></svg>
      </button>
      <button type="button" className={styles.icon} onClick={toggleTheme} aria-label={theme === 'dark' ? t.theme.toLight : t.theme.toDark} data-testid="theme-toggle">
        {/* Both icons render; CSS shows the one for the theme already on <html>, so it is right before hydration. */}
        <svg className={styles.sun} viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="4" /><path d="M12 2v2M12 20v2M2 12h2M20 12h2M5 5l1.5 1.5M17.5 17.5L19 19M5 19l1.5-1.5M17.5 6.5L19 5" /></svg>
        <svg className={styles.moon} viewBox="0 0 24 24" aria-hidden="true"><path d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z" /></svg>
      </button>
      <a className={`${styles.login} ${styles.desktopOnly}`} href="/login">{t.nav.login}</a>
      <Drawer open={drawerOpen} onClose={closeDrawer} items={drawerItems} title={title} />
    </div>
  );
}
