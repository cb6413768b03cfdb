/** Notifications, planned (docs/api.md §9.4): only the fields listed there. */

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
