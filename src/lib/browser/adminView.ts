/** The admin console's small rules, free of the DOM: where a comment sits, and how an audit line reads. */
import type { CommentTargetCode } from '../../contract/comments.ts';

/** The page a comment is on: an article, a talk, or a message-board post. */
export function commentTargetPath(type: CommentTargetCode, forId: number): string {
  switch (type) {
    case 1:
      return `/article/${forId}`;
    case 2:
      return `/talk/${forId}`;
    case 3:
      return `/message/detail?id=${forId}`;
  }
}

/** An audit action (`comment.hide`) in words, or as recorded when it has none. */
export function auditActionLabel(action: string, labels: Record<string, string>): string {
  return Object.hasOwn(labels, action) ? labels[action] : action;
}

const ORDER_NO = /^[A-Za-z0-9_-]{1,64}$/;

/** What a license lookup asks the server for, from the form's kind and text; a problem when it cannot be sent. */
export function licenseQuery(
  kind: 'order_no' | 'user_id',
  value: string,
): { order_no: string } | { user_id: number } | { problem: 'order_no' | 'user_id' } {
  const text = value.trim();
  if (kind === 'order_no') return ORDER_NO.test(text) ? { order_no: text } : { problem: 'order_no' };
  return /^[1-9]\d{0,15}$/.test(text) && Number.isSafeInteger(Number(text))
    ? { user_id: Number(text) }
    : { problem: 'user_id' };
}

/** The lookup a URL of the licenses screen names (`?order_no=` or `?user_id=`), as the orders screen links to it. */
export function licenseQueryFromSearch(search: string): { kind: 'order_no' | 'user_id'; value: string } | null {
  const params = new URLSearchParams(search);
  const orderNo = params.get('order_no');
  if (orderNo) return { kind: 'order_no', value: orderNo };
  const userId = params.get('user_id');
  return userId ? { kind: 'user_id', value: userId } : null;
}
