import { useEffect, useRef, useState } from 'react';
import { ROLE } from '../../contract/users';
import { t } from '../../i18n/zh-CN';
import { logout, rememberRoute, type UserInfo } from '../../stores/user';
import styles from './HeaderControls.module.scss';

interface Props {
  user: UserInfo | null;
  defaultAvatar: string;
}

/** Logged in: avatar and nick name with a small menu. Logged out: the login link, which remembers where it was pressed. */
export default function UserMenu({ user, defaultAvatar }: Props) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onSwap = () => setOpen(false);
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    document.addEventListener('astro:before-swap', onSwap);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
      document.removeEventListener('astro:before-swap', onSwap);
    };
  }, [open]);

  if (!user) {
    return (
      <a className={`${styles.login} ${styles.desktopOnly}`} href="/login" onClick={() => rememberRoute()}>
        {t.nav.login}
      </a>
    );
  }

  return (
    <div className={`${styles.user} ${styles.desktopOnly}`} ref={root}>
      <button
        type="button"
        className={styles.userButton}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        data-testid="user-menu"
      >
        <img src={user.avatar || defaultAvatar} alt="" width="28" height="28" />
        <span className={styles.nick}>{user.nick_name}</span>
      </button>
      {open && (
        <ul className={styles.userMenu} role="menu" aria-label={t.auth.userMenu}>
          <li role="none">
            <a role="menuitem" href="/userCenter" onClick={() => setOpen(false)}>
              {t.auth.userCenter}
            </a>
          </li>
          {user.role === ROLE.admin && (
            <li role="none">
              <a role="menuitem" href="/admin" onClick={() => setOpen(false)}>
                {t.auth.console}
              </a>
            </li>
          )}
          <li role="none">
            <button
              role="menuitem"
              type="button"
              onClick={() => {
                setOpen(false);
                void logout();
              }}
            >
              {t.auth.logout}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
