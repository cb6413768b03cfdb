/** The reader's notifications: the unread count on the header's bell, and the message drawer's list. */
import { navigate } from 'astro:transitions/client';
import { atom, map } from 'nanostores';
import { api } from '../client/api';
import type { Notification } from '../contract/notifications';
import { t } from '../i18n/zh-CN';
import { notificationPath } from '../lib/notifications';
import { RequestError, serverMessage } from '../lib/request';
import { showToast } from './toast';
import { $isLoggedIn, $userInfo } from './user';

export const NOTIFY_PAGE_SIZE = 10;
export const UNREAD_REFRESH_MS = 60_000;

export const $unread = atom(0);

export interface NotifyListState {
  items: Notification[];
  /** The last page loaded. */
  current: number;
  total: number;
  loading: boolean;
  /** The last page did not arrive; the bottom line offers to try again. */
  failed: boolean;
}

const EMPTY: NotifyListState = { items: [], current: 0, total: 0, loading: false, failed: false };
export const $notifyList = map<NotifyListState>({ ...EMPTY });

export async function refreshUnread(): Promise<void> {
  if (!$isLoggedIn.get()) {
    $unread.set(0);
    return;
  }
  try {
    const { result } = await api.unreadCount();
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

// Each load takes a ticket; an answer to an older one (the drawer was opened again meanwhile) is dropped.
let ticket = 0;

async function loadPage(current: number): Promise<void> {
  const user = $userInfo.get();
  if (!user) return;
  const mine = ++ticket;
  $notifyList.set({ ...(current === 1 ? EMPTY : $notifyList.get()), loading: true, failed: false });
  try {
    const { result } = await api.notifications(user.id, current, NOTIFY_PAGE_SIZE);
    if (mine !== ticket || !result) return;
    const items = current === 1 ? result.list : [...$notifyList.get().items, ...result.list];
    $notifyList.set({ items, current, total: result.total, loading: false, failed: false });
  } catch {
    if (mine === ticket) $notifyList.set({ ...$notifyList.get(), loading: false, failed: true });
  }
}

/** Opening the drawer starts again from the first page. */
export const openNotifications = () => loadPage(1);

/** The next page, appended; after a failure, the page that failed. */
export function loadMoreNotifications(): Promise<void> {
  const { loading, failed, items, total, current } = $notifyList.get();
  if (loading) return Promise.resolve();
  if (failed) return loadPage(Math.max(1, current + (items.length ? 1 : 0)));
  return items.length < total ? loadPage(current + 1) : Promise.resolve();
}

function tell(error: unknown, fallback: string) {
  if (error instanceof RequestError && error.noticed) return;
  showToast(serverMessage(error, fallback), 'error');
}

export async function removeNotification(id: number): Promise<void> {
  try {
    await api.deleteNotification(id);
    showToast(t.notify.removed);
    await Promise.all([loadPage(1), refreshUnread()]);
  } catch (error) {
    tell(error, t.notify.removeFailed);
  }
}

/** Marks it read and goes where it points; the drawer closes on the way. */
export async function followNotification(item: Notification): Promise<void> {
  if (item.isView === 1) {
    try {
      await api.markNotificationRead(item.id);
      $notifyList.setKey('items', $notifyList.get().items.map((one) => (one.id === item.id ? { ...one, isView: 2 } : one)));
      $unread.set(Math.max(0, $unread.get() - 1));
    } catch {
      // Still worth going there: it is marked read next time.
    }
  }
  await navigate(notificationPath(item.type, item.to_id));
}
