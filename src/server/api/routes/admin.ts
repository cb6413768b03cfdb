/** The admin console's API (docs/api.md §10.4): admins only, and every change written to the audit log. */
import { Router, type Request } from 'express';
import { z } from 'astro/zod';
import { ADMIN_COMMENT_STATUSES, type AdminOrder, type Dashboard } from '../../../contract/admin.ts';
import { commentRules } from '../../../contract/commentRules.ts';
import { COMMENT_BULK_MAX_IDS, KEYWORD_MAX_LENGTH } from '../../../contract/limits.ts';
import { ORDER_STATUSES } from '../../../contract/shop.ts';
import { ROLE } from '../../../contract/users.ts';
import type { AuditLog } from '../../admin/audit.ts';
import type { SiteExport } from '../../admin/siteExport.ts';
import type { Moderation } from '../../admin/moderation.ts';
import type { People } from '../../admin/people.ts';
import type { Sales } from '../../admin/sales.ts';
import type { CommentRuleStore } from '../../comments/rules.ts';
import type { CommentService } from '../../comments/service.ts';
import type { LinkService } from '../../links/service.ts';
import type { MessageService } from '../../messages/service.ts';
import type { AccountRecovery } from '../../users/recovery.ts';
import { requireAdmin } from '../authenticate.ts';
import { id, idList, inputSchema, NOT_AN_OBJECT, paging, parse } from '../validate.ts';
import { API } from '../../../contract/endpoints.ts';
import {
  ADMIN_APPROVE_COMMENTS,
  ADMIN_COMMENT_RULES,
  ADMIN_COMMENTS,
  ADMIN_DASHBOARD,
  ADMIN_EXPORT,
  ADMIN_DISABLE_USER,
  ADMIN_HIDE_COMMENT,
  ADMIN_HIDE_COMMENTS,
  ADMIN_HIDE_MESSAGE,
  ADMIN_LICENSES,
  ADMIN_LINKS,
  ADMIN_MESSAGES,
  ADMIN_ORDERS,
  ADMIN_PAYMENTS,
  ADMIN_REMOVE_COMMENT,
  ADMIN_REMOVE_COMMENTS,
  ADMIN_REMOVE_MESSAGE,
  ADMIN_RESET_LINK,
  ADMIN_RESET_MACHINES,
  ADMIN_REVOKE_LICENSE,
  ADMIN_SET_COMMENT_RULES,
  ADMIN_SET_ROLE,
  ADMIN_USERS,
} from '../../../contract/routes.ts';
import { groupRouter } from '../endpoints.ts';

export interface AdminServices {
  audit: AuditLog;
  dashboard: () => Promise<Dashboard>;
  moderation: Moderation;
  people: People;
  sales: Sales;
  comments: Pick<CommentService, 'remove' | 'removeMany' | 'approve'>;
  commentRules: CommentRuleStore;
  messages: Pick<MessageService, 'remove'>;
  links: Pick<LinkService, 'byStatus'>;
  recovery: Pick<AccountRecovery, 'ownerResetLink'>;
  exportAll: SiteExport;
}

const keyword = z
  .string({ error: '关键词必须是文字' })
  .trim()
  .max(KEYWORD_MAX_LENGTH, { error: `关键词最多 ${KEYWORD_MAX_LENGTH} 个字符` })
  .default('');
const listQuery = z.object({ ...paging, keyword });
const idParams = z.object({ id: id() });
const orderParams = z.object({ order_no: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: '订单号格式不对' }) });
const hiddenBody = z.object({ hidden: z.boolean({ error: 'hidden 必须是 true 或 false' }) }, NOT_AN_OBJECT);
const disabledBody = z.object(
  {
    disabled: z.boolean({ error: 'disabled 必须是 true 或 false' }),
    hide_writing: z.boolean({ error: 'hide_writing 必须是 true 或 false' }).default(false),
  },
  NOT_AN_OBJECT,
);
const commentQuery = listQuery.extend({
  status: z.enum(ADMIN_COMMENT_STATUSES, { error: 'status 只能是 all、held 或 hidden' }).default('all'),
});
const bulkBody = z.object({ idList: idList('评论', '处理', COMMENT_BULK_MAX_IDS) }, NOT_AN_OBJECT);
const bulkHiddenBody = bulkBody.extend(hiddenBody.shape);
const commentRulesBody = inputSchema(ADMIN_SET_COMMENT_RULES, z.object(commentRules.shape, NOT_AN_OBJECT));
const roleBody = z.object(
  {
    role: z.union([z.literal(ROLE.admin), z.literal(ROLE.user)], { error: 'role 只能是 1（管理员）或 2（普通用户）' }),
  },
  NOT_AN_OBJECT,
);
const linkQuery = z.object({
  ...paging,
  status: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'status 只能是 1、2 或 3' }))
    .optional(),
});
const orderQuery = z.object({
  ...paging,
  status: z.enum(ORDER_STATUSES as [string, ...string[]], { error: '订单状态不对' }).optional(),
});
const paymentQuery = z.object({
  ...paging,
  flagged: z.enum(['0', '1'], { error: 'flagged 只能是 0 或 1' }).optional(),
});
const licenseQuery = z
  .object({ order_no: orderParams.shape.order_no.optional(), user_id: id('user_id').optional() })
  .refine((query) => query.order_no || query.user_id, { error: '请按订单号或用户 id 查找' });

/** The query string with paging defaults, so `?keyword=x` alone lists page 1. */
const query = (req: Request) => ({ current: 1, size: 20, ...req.query });

export function adminRoutes(services: AdminServices): Router {
  const { audit, moderation, people, sales } = services;
  const { router, route, routeBare } = groupRouter(API.admin);
  router.use((req, _res, next) => {
    requireAdmin(req);
    next();
  });
  const adminOf = (req: Request) => requireAdmin(req);

  route(ADMIN_DASHBOARD, () => services.dashboard());
  // 导出全部: a zip, not the JSON envelope, so a plain link in the console downloads it.
  routeBare(ADMIN_EXPORT, async (req, res) => {
    const admin = adminOf(req);
    await audit.record(admin.id, 'site.export', 'site');
    const { zip, fileName } = await services.exportAll();
    // Gone while the export was made: nobody to send it to, and its folder goes with the zip.
    if (res.destroyed) return void zip.destroy();
    res.set({
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
    });
    // A plain pipe: stream.pipeline's own listeners, beside the server's, pass Node's leak warning
    // on every download. A download given up halfway ends the zip too.
    zip.once('error', () => res.destroy());
    res.once('close', () => zip.destroy());
    zip.pipe(res);
  });

  route(ADMIN_COMMENTS, async (req) => {
    const { current, size, keyword: words, status } = parse(commentQuery, query(req));
    return moderation.comments(words, status, current, size);
  });
  // The bulk actions answer how many comments they found; a root takes its replies with it.
  route(ADMIN_APPROVE_COMMENTS, async (req) => {
    const { idList } = parse(bulkBody, req.body);
    const approved = await services.comments.approve(idList);
    await audit.record(adminOf(req).id, 'comment.approve', `comment:${idList.join(',')}`);
    return approved;
  });
  route(ADMIN_HIDE_COMMENTS, async (req) => {
    const { idList, hidden } = parse(bulkHiddenBody, req.body);
    const changed = await moderation.hideComments(idList, hidden);
    await audit.record(adminOf(req).id, hidden ? 'comment.hide' : 'comment.show', `comment:${idList.join(',')}`);
    return changed;
  });
  route(ADMIN_REMOVE_COMMENTS, async (req) => {
    const { idList } = parse(bulkBody, req.body);
    const removed = await services.comments.removeMany(idList);
    await audit.record(adminOf(req).id, 'comment.delete', `comment:${idList.join(',')}`);
    return removed;
  });
  route(ADMIN_HIDE_COMMENT, async (req) => {
    const { id } = parse(idParams, req.params);
    const { hidden } = parse(hiddenBody, req.body);
    await moderation.hideComments([id], hidden);
    await audit.record(adminOf(req).id, hidden ? 'comment.hide' : 'comment.show', `comment:${id}`);
  });
  route(ADMIN_REMOVE_COMMENT, async (req) => {
    const admin = adminOf(req);
    const { id } = parse(idParams, req.params);
    await services.comments.remove(admin, id);
    await audit.record(admin.id, 'comment.delete', `comment:${id}`);
  });
  route(ADMIN_COMMENT_RULES, () => services.commentRules.get());
  route(ADMIN_SET_COMMENT_RULES, async (req) => {
    const rules = await services.commentRules.set(parse(commentRulesBody, req.body));
    await audit.record(
      adminOf(req).id,
      'comment.rules',
      'settings:comments',
      `${rules.guests ? 'guests' : 'accounts'} hold=${rules.hold}`,
    );
    return rules;
  });

  route(ADMIN_MESSAGES, async (req) => {
    const { current, size, keyword: words } = parse(listQuery, query(req));
    return moderation.messages(words, current, size);
  });
  route(ADMIN_HIDE_MESSAGE, async (req) => {
    const { id } = parse(idParams, req.params);
    const { hidden } = parse(hiddenBody, req.body);
    await moderation.hideMessage(id, hidden);
    await audit.record(adminOf(req).id, hidden ? 'message.hide' : 'message.show', `message:${id}`);
  });
  route(ADMIN_REMOVE_MESSAGE, async (req) => {
    const admin = adminOf(req);
    const { id } = parse(idParams, req.params);
    await services.messages.remove(admin, [id]);
    await audit.record(admin.id, 'message.delete', `message:${id}`);
  });

  route(ADMIN_LINKS, async (req) => {
    const { current, size, status } = parse(linkQuery, query(req));
    return services.links.byStatus(status ?? null, current, size);
  });

  route(ADMIN_USERS, async (req) => {
    const { current, size, keyword: words } = parse(listQuery, query(req));
    return people.search(words, current, size);
  });
  route(ADMIN_DISABLE_USER, async (req) => {
    const admin = adminOf(req);
    const { id } = parse(idParams, req.params);
    const { disabled, hide_writing } = parse(disabledBody, req.body);
    const user = await people.setDisabled(admin.id, id, disabled);
    await audit.record(admin.id, disabled ? 'user.disable' : 'user.enable', `user:${id}`);
    if (disabled && hide_writing) {
      const hidden = await moderation.hideWritingOf(id);
      await audit.record(
        admin.id,
        'user.hideWriting',
        `user:${id}`,
        `comments=${hidden.comments} messages=${hidden.messages}`,
      );
    }
    return user;
  });
  // A one-time link the owner passes on to a user who cannot log in (mail off, or no verified address).
  route(ADMIN_RESET_LINK, async (req) => {
    const admin = adminOf(req);
    const { id } = parse(idParams, req.params);
    const link = await services.recovery.ownerResetLink(id);
    await audit.record(admin.id, 'user.resetLink', `user:${id}`);
    return link;
  });
  route(ADMIN_SET_ROLE, async (req) => {
    const admin = adminOf(req);
    const { id } = parse(idParams, req.params);
    const { role } = parse(roleBody, req.body);
    const user = await people.setRole(id, role);
    await audit.record(admin.id, 'user.role', `user:${id}`, role === ROLE.admin ? 'admin' : 'user');
    return user;
  });

  route(ADMIN_ORDERS, async (req) => {
    const { current, size, status } = parse(orderQuery, query(req));
    return sales.orders((status as AdminOrder['status'] | undefined) ?? null, current, size);
  });
  route(ADMIN_PAYMENTS, async (req) => {
    const { current, size, flagged } = parse(paymentQuery, query(req));
    return sales.payments(flagged === '1', current, size);
  });
  route(ADMIN_LICENSES, async (req) => {
    const { order_no, user_id } = parse(licenseQuery, req.query);
    return sales.licenses({ orderNo: order_no, userId: user_id });
  });
  route(ADMIN_REVOKE_LICENSE, async (req) => {
    const { order_no } = parse(orderParams, req.params);
    await sales.revoke(order_no);
    await audit.record(adminOf(req).id, 'license.revoke', `order:${order_no}`);
  });
  route(ADMIN_RESET_MACHINES, async (req) => {
    const { order_no } = parse(orderParams, req.params);
    const freed = await sales.resetMachines(order_no);
    await audit.record(adminOf(req).id, 'license.reset', `order:${order_no}`, `释放 ${freed} 台机器`);
    return freed;
  });
  return router;
}
