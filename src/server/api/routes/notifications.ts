/** A user's notifications (docs/api.md §9.4): only ever their own. */
import { Router } from 'express';
import { z } from 'astro/zod';
import type { NotificationService } from '../../notifications/service.ts';
import { requireUser } from '../authenticate.ts';
import { forbidden } from '../envelope.ts';
import { id, inputSchema, paging, parse } from '../validate.ts';
import { API } from '../../../contract/endpoints.ts';
import {
  NOTIFICATION_LIST,
  NOTIFICATION_MARK_READ,
  NOTIFICATION_REMOVE,
  NOTIFICATION_UNREAD_COUNT,
} from '../../../contract/routes.ts';
import { groupRouter } from '../endpoints.ts';

const listBody = inputSchema(
  NOTIFICATION_LIST,
  z.object({ ...paging, userId: id('userId') }, { error: '请求体必须是 JSON 对象' }),
);
const idParams = z.object({ id: id() });

export function notificationRoutes(notifications: NotificationService): Router {
  const { router, route } = groupRouter(API.notification);

  route(NOTIFICATION_LIST, (req) => {
    const user = requireUser(req);
    const { current, size, userId } = parse(listBody, req.body);
    // The original client names the user it means; the session alone decides whose list it gets.
    if (userId !== user.id) throw forbidden('只能查看自己的消息');
    return notifications.list(user.id, current, size);
  });
  route(NOTIFICATION_UNREAD_COUNT, (req) => notifications.unreadCount(requireUser(req).id));
  route(NOTIFICATION_MARK_READ, async (req) => {
    const user = requireUser(req);
    await notifications.markRead(user.id, parse(idParams, req.params).id);
  });
  route(NOTIFICATION_REMOVE, async (req) => {
    const user = requireUser(req);
    await notifications.remove(user.id, parse(idParams, req.params).id);
  });
  return router;
}
