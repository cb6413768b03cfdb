/** The message drawer's rules, free of the DOM: where an item leads, the badge, the bottom line. */
import type { NotificationTypeCode } from '../../contract/notifications.ts';

/** The page a notification's jump button opens. */
export function notificationPath(type: NotificationTypeCode, toId: number): string {
  switch (type) {
    case 1:
      return `/article/${toId}`;
    case 2:
      return `/talk/${toId}`;
    case 3:
      return '/message/list';
    case 4:
      return '/link/apply';
    case 5:
      return '/userCenter';
    case 6:
      return '/admin/orders';
    case 7:
      return '/admin/moderation';
    case 8:
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
