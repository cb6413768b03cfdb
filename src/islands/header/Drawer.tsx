import { useEffect, useRef } from 'react';
import { t } from '../../i18n/zh-CN';
import { rememberRoute, type UserInfo } from '../../stores/user';
import styles from './Drawer.module.scss';

export interface DrawerItem {
  href: string;
  label: string;
}

interface Props {
  open: boolean;
  onClose: () => void;
  items: DrawerItem[];
  title: string;
  user: UserInfo | null;
  defaultAvatar: string;
}

/** The mobile navigation drawer, from the left, 60% wide (SPEC section 2). */
export default function Drawer({ open, onClose, items, title, user, defaultAvatar }: Props) {
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    document.addEventListener('astro:before-swap', onClose);
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('astro:before-swap', onClose);
      document.body.style.overflow = '';
      opener?.focus?.();
    };
  }, [open, onClose]);

  return (
    <div className={styles.root} hidden={!open}>
      <div className={styles.overlay} onClick={onClose} aria-hidden="true" />
      <aside id="nav-drawer" ref={panel} className={styles.panel} role="dialog" aria-modal="true" aria-labelledby="nav-drawer-title">
        <div className={styles.head}>
          <h2 id="nav-drawer-title">{t.nav.title}</h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label={t.nav.closeMenu}>×</button>
        </div>
        {user ? (
          <a className={styles.avatar} href="/userCenter" onClick={onClose} aria-label={`${t.auth.userCenter}（${user.nick_name}）`}>
            <img src={user.avatar || defaultAvatar} alt="" width="72" height="72" />
            <span>{user.nick_name}</span>
          </a>
        ) : (
          <a className={styles.avatar} href="/login" onClick={() => { rememberRoute(); onClose(); }} aria-label={`${t.nav.goLogin}（${title}）`}>
            <span className={styles.loginCircle}>{t.nav.login}</span>
          </a>
        )}
        <nav aria-label={t.nav.title}>
          <ul>
            {items.map((item) => (
              <li key={item.href}>
                <a href={item.href} onClick={onClose}>{item.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
    </div>
  );
}
