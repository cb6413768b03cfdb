/** The notification bell's calls. */
import type { Page } from '../contract/envelope';
import type { Notification } from '../contract/notifications';
import { NOTIFICATION_LIST, NOTIFICATION_MARK_READ, NOTIFICATION_REMOVE, NOTIFICATION_UNREAD_COUNT } from '../contract/paths';
import { fillPath } from '../lib/shared/paths';
import { http } from './api';

export const notificationApi = {
  notifications: (userId: number, current: number, size: number) => http.post<Page<Notification>>(NOTIFICATION_LIST, { current, size, userId }),
  // Polled in the background: an expired session is noticed by the next real action, not by a timer.
  unreadCount: () => http.request<number>('GET', NOTIFICATION_UNREAD_COUNT, undefined, {}, { quiet401: true }),
  markNotificationRead: (id: number) => http.put<boolean>(fillPath(NOTIFICATION_MARK_READ, { id })),
  deleteNotification: (id: number) => http.put<boolean>(fillPath(NOTIFICATION_REMOVE, { id })),
};
