/** Notifications, planned (docs/api.md §9.4): only the fields listed there. */

/** `isView`: 1 unread, 2 read. */
export type ViewedCode = 1 | 2;

export interface Notification {
  id: number;
  message: string;
  isView: ViewedCode;
  /** What it is about: 1 article, 2 talk, 3 message, as for comments. */
  type: number;
  to_id: number;
  createdAt: string;
}
