import { useEffect, useState } from 'react';
import { ROLE } from '../../contract/users';
import { t } from '../../i18n/zh-CN';
import { drawerItems, type MenuItem } from '../../lib/browser/drawerItems';
import { isCurrentPath } from '../../lib/browser/headerMenu';
import { logout, rememberRoute, type UserInfo } from '../../stores/user';
import { useModal } from '../shared/useModal';
import styles from './Drawer.module.scss';

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  user: UserInfo | null;
  defaultAvatar: string;
}

const holds = (item: MenuItem, path: string) =>
  item.children?.some((child) => isCurrentPath(path, child.href!)) ?? false;

/** The mobile navigation drawer, from the left, 60% wide, with every menu item, and the account's own (the desktop's user menu). */
export default function Drawer({ open, onClose, title, user, defaultAvatar }: Props) {
  const panel = useModal<HTMLElement>(open, onClose);
  // The drawer renders in the browser only (HeaderControls loads it there), inside the header.
  const [items] = useState(() => drawerItems(document.getElementById('site-header')));
  // Known only once opened in the browser; the closed drawer renders the same on both sides.
  const [path, setPath] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (!open) return;
    const here = location.pathname;
    setPath(here);
    // The group holding this page opens with the drawer, so the reader sees where they are.
    setExpanded((was) => new Set([...was, ...items.filter((item) => holds(item, here)).map((item) => item.label)]));
  }, [open, items]);

  const toggle = (label: string) =>
    setExpanded((was) => {
      const next = new Set(was);
      if (!next.delete(label)) next.add(label);
      return next;
    });
  const current = (href: string | undefined) => (href && path && isCurrentPath(path, href) ? 'page' : undefined);
  const link = (item: MenuItem) => (
    <a href={item.href} onClick={onClose} aria-current={current(item.href)}>
      {item.label}
    </a>
  );

  return (
    <div className={styles.root} hidden={!open}>
      <div className={styles.overlay} onClick={onClose} aria-hidden="true" />
      <aside
        id="nav-drawer"
        ref={panel}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="nav-drawer-title"
      >
        <div className={styles.head}>
          <h2 id="nav-drawer-title">{t.nav.title}</h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label={t.nav.closeMenu}>
            ×
          </button>
        </div>
        {user ? (
          <a
            className={styles.avatar}
            href="/userCenter"
            onClick={onClose}
            aria-label={`${t.auth.userCenter}（${user.nick_name}）`}
          >
            <img src={user.avatar || defaultAvatar} alt="" width="72" height="72" />
            <span>{user.nick_name}</span>
          </a>
        ) : (
          <a
            className={styles.avatar}
            href="/login"
            onClick={() => {
              rememberRoute();
              onClose();
            }}
            aria-label={`${t.nav.goLogin}（${title}）`}
          >
            <span className={styles.loginCircle}>{t.nav.login}</span>
          </a>
        )}
        <nav aria-label={t.nav.title}>
          <ul>
            {items.map((item, i) => {
              if (!item.children) return <li key={item.label}>{link(item)}</li>;
              const isExpanded = expanded.has(item.label);
              const listId = `nav-drawer-group-${i}`;
              const toggleProps = {
                type: 'button',
                'aria-expanded': isExpanded,
                'aria-controls': listId,
                onClick: () => toggle(item.label),
              } as const;
              return (
                <li key={item.label} className={styles.group}>
                  {item.href ? (
                    <div className={styles.groupRow}>
                      {link(item)}
                      <button {...toggleProps} className={styles.toggle} aria-label={t.nav.submenu(item.label)} />
                    </div>
                  ) : (
                    <button
                      {...toggleProps}
                      className={`${styles.toggle} ${styles.labelled}`}
                      aria-current={holds(item, path ?? '') ? 'true' : undefined}
                    >
                      {item.label}
                    </button>
                  )}
                  <ul id={listId} className={styles.children} hidden={!isExpanded}>
                    {item.children.map((child) => (
                      <li key={child.href}>{link(child)}</li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </nav>
        {user && (
          <ul className={styles.account} aria-label={t.auth.account}>
            {user.role === ROLE.admin && (
              <li>
                <a href="/admin" onClick={onClose}>
                  {t.auth.console}
                </a>
              </li>
            )}
            <li>
              <button
                type="button"
                onClick={() => {
                  onClose();
                  void logout();
                }}
              >
                {t.auth.logout}
              </button>
            </li>
          </ul>
        )}
      </aside>
    </div>
  );
}
