/** Notifications on the wire (docs/api.md §9.4). */

/** `isView`: 1 unread, 2 read. */
export type ViewedCode = 1 | 2;

/**
 * What a notification is about, and so where it leads: 1 an article (`/article/{to_id}`), 2 a
 * talk (`/talk/{to_id}`), 3 the message board (`/message/list`), as for comments; 4 the
 * applicant's own download application (`/link/apply`), 5 the buyer's order (`/userCenter`), 6 an
 * order for the owner to look at (`/admin/orders`), 7 a comment held for the owner
 * (`/admin/moderation`, `to_id` the comment), 8 a download application for the owner to review (`/admin/links`).
 */
export const NOTIFICATION_TYPE = {
  article: 1,
  talk: 2,
  board: 3,
  linkApplication: 4,
  myOrder: 5,
  ownerOrder: 6,
  heldComment: 7,
  ownerLinkApplication: 8,
} as const;
export type NotificationTypeCode = (typeof NOTIFICATION_TYPE)[keyof typeof NOTIFICATION_TYPE];

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
