/** A user's notifications (docs/api.md §9.4): only ever their own. */
import { Router } from 'express';
import { z } from 'astro/zod';
import type { Page } from '../../../contract/envelope.ts';
import type { Notification, NotificationListBody } from '../../../contract/notifications.ts';
import type { NotificationService } from '../../notifications/service.ts';
import { requireUser } from '../authenticate.ts';
import { forbidden, ok } from '../envelope.ts';
import { id, paging, parse } from '../validate.ts';
import { API } from '../../../contract/endpoints.ts';
import { groupRouter } from '../endpoints.ts';

const listBody = z.object({ ...paging, userId: id('userId') }, { error: '请求体必须是 JSON 对象' }) satisfies z.ZodType<NotificationListBody>;
const idParams = z.object({ id: id() });

export function notificationRoutes(notifications: NotificationService): Router {
  const { router, route } = groupRouter(API.notification);

  route('list', async (req, res) => {
    const user = requireUser(req);
    const { current, size, userId } = parse(listBody, req.body);
    // The original client names the user it means; the session alone decides whose list it gets.
    if (userId !== user.id) throw forbidden('只能查看自己的消息');
    res.json(ok((await notifications.list(user.id, current, size)) satisfies Page<Notification>));
  });
  route('unreadCount', async (req, res) => void res.json(ok((await notifications.unreadCount(requireUser(req).id)) satisfies number)));
  route('markRead', async (req, res) => {
    const user = requireUser(req);
    await notifications.markRead(user.id, parse(idParams, req.params).id);
    res.json(ok(true));
  });
  route('remove', async (req, res) => {
    const user = requireUser(req);
    await notifications.remove(user.id, parse(idParams, req.params).id);
    res.json(ok(true));
  });
  return router;
}
