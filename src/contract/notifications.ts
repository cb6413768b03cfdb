/** Notifications on the wire (docs/api.md §9.4). */

/** `isView`: 1 unread, 2 read. */
export type ViewedCode = 1 | 2;

/**
 * What a notification is about, and so where it leads: 1 an article (`/article/{to_id}`), 2 a
 * talk (`/talk/{to_id}`), 3 the message board (`/message/list`), as for comments; 4 a download
 * application (`/link/apply`), 5 an order (`/userCenter`).
 */
export type NotificationTypeCode = 1 | 2 | 3 | 4 | 5;

export interface Notification {
  id: number;
  message: string;
  isView: ViewedCode;
  /** Where its jump button goes (see NotificationTypeCode). */
  type: NotificationTypeCode;
  to_id: number;
  createdAt: string;
}

/** `POST /api/notify/getNotifyList`: `userId` must be the caller's own id; it selects nothing by itself. */
export interface NotificationListBody {
  current: number;
  size: number;
  userId: number;
}
