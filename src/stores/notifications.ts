/** The reader's notifications: the unread count on the header's bell, and the message drawer's list. */
import { navigate } from 'astro:transitions/client';
import { atom } from 'nanostores';
import { call } from '../client/api';
import {
  NOTIFICATION_LIST,
  NOTIFICATION_MARK_READ,
  NOTIFICATION_REMOVE,
  NOTIFICATION_UNREAD_COUNT,
} from '../contract/routes';
import type { Notification } from '../contract/notifications';
import { t } from '../i18n/zh-CN';
import { notificationPath } from '../lib/shared/notifications';
import { pagedList } from './pagedList';
import { showRefusal, showToast } from './toast';
import { $isLoggedIn, $userInfo } from './user';

export const NOTIFY_PAGE_SIZE = 10;
export const UNREAD_REFRESH_MS = 60_000;

export const $unread = atom(0);

// The list is the reader's own: a read without a logged-in reader is never sent (see openNotifications).
const pages = pagedList<Notification, null>(null, {
  size: NOTIFY_PAGE_SIZE,
  read: (_, current, size) => call(NOTIFICATION_LIST, { current, size, userId: $userInfo.get()!.id }),
});
export const $notifyList = pages.$list;

export async function refreshUnread(): Promise<void> {
  if (!$isLoggedIn.get()) {
    $unread.set(0);
    return;
  }
  try {
    // Polled in the background: an expired session is noticed by the next real action, not by a timer.
    const { result } = await call(NOTIFICATION_UNREAD_COUNT, undefined, { quiet401: true });
    $unread.set(result ?? 0);
  } catch {
    // The badge keeps its last count; the next page or minute tries again.
  }
}

/** Keeps the count fresh on every page and once a minute while the tab is visible. Returns the stop. */
export function watchUnread(): () => void {
  void refreshUnread();
  const whenVisible = () => {
    if (document.visibilityState === 'visible') void refreshUnread();
  };
  const timer = setInterval(whenVisible, UNREAD_REFRESH_MS);
  document.addEventListener('astro:page-load', whenVisible);
  document.addEventListener('visibilitychange', whenVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('astro:page-load', whenVisible);
    document.removeEventListener('visibilitychange', whenVisible);
  };
}

/** Opening the drawer starts again from the first page. */
export const openNotifications = () => ($userInfo.get() ? pages.open() : Promise.resolve(false));

/** The next page, appended; after a failure, the page that failed. */
export const loadMoreNotifications = () => ($userInfo.get() ? pages.more() : Promise.resolve(false));

export async function removeNotification(id: number): Promise<void> {
  try {
    await call(NOTIFICATION_REMOVE, { id });
    showToast(t.notifications.removed);
    await Promise.all([openNotifications(), refreshUnread()]);
  } catch (error) {
    showRefusal(error, t.notifications.removeFailed);
  }
}

/** Marks it read and goes where it points; the drawer closes on the way. */
export async function followNotification(item: Notification): Promise<void> {
  if (item.isView === 1) {
    try {
      await call(NOTIFICATION_MARK_READ, { id: item.id });
      pages.edit((list) => list.map((one) => (one.id === item.id ? { ...one, isView: 2 } : one)));
      $unread.set(Math.max(0, $unread.get() - 1));
    } catch {
      // Still worth going there: it is marked read next time.
    }
  }
  await navigate(notificationPath(item.type, item.to_id));
}
