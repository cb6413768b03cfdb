/** The message drawer's rules, free of the DOM: where an item leads, the badge, the bottom line. */
import { NOTIFICATION_TYPE, type NotificationTypeCode } from '../../contract/notifications.ts';

/** The page a notification's jump button opens. */
export function notificationPath(type: NotificationTypeCode, toId: number): string {
  switch (type) {
    case NOTIFICATION_TYPE.article:
      return `/article/${toId}`;
    case NOTIFICATION_TYPE.talk:
      return `/talk/${toId}`;
    case NOTIFICATION_TYPE.board:
      return '/message/list';
    case NOTIFICATION_TYPE.linkApplication:
      return '/link/apply';
    case NOTIFICATION_TYPE.myOrder:
      return '/userCenter';
    case NOTIFICATION_TYPE.ownerOrder:
      return '/admin/orders';
    case NOTIFICATION_TYPE.heldComment:
      return '/admin/moderation';
    case NOTIFICATION_TYPE.ownerLinkApplication:
      return '/admin/links';
  }
}

export const BADGE_MAX = 9;

/** The unread badge: nothing at 0, the count up to 9, then 9+. */
export function badgeText(unread: number): string {
  if (unread <= 0) return '';
  return unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread);
}

export type BottomLine = 'loading' | 'more' | 'end' | 'empty';

/** What the line under the list says: 加载更多 while pages remain, 已经到底了 after the last, 暂无消息 when there are none. */
export function bottomLine({ loading, shown, total }: { loading: boolean; shown: number; total: number }): BottomLine {
  if (loading) return 'loading';
  if (total === 0 && shown === 0) return 'empty';
  return shown < total ? 'more' : 'end';
}
