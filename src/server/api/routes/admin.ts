/** The admin console's API (docs/api.md §10.4): admins only, and every change written to the audit log. */
import { Router, type Request } from 'express';
import { z } from 'astro/zod';
import { ADMIN_COMMENT_STATUSES, type AdminComment, type AdminLicense, type AdminMessage, type AdminOrder, type AdminPayment, type AdminUser, type Dashboard } from '../../../contract/admin.ts';
import { commentRules, type CommentRules } from '../../../contract/commentRules.ts';
import type { Page } from '../../../contract/envelope.ts';
import { COMMENT_BULK_MAX_IDS, KEYWORD_MAX_LENGTH } from '../../../contract/limits.ts';
import type { LinkItem } from '../../../contract/links.ts';
import { ORDER_STATUSES } from '../../../contract/shop.ts';
import { ROLE, type ResetLink } from '../../../contract/users.ts';
import type { AuditLog } from '../../admin/audit.ts';
import type { Moderation } from '../../admin/moderation.ts';
import type { People } from '../../admin/people.ts';
import type { Sales } from '../../admin/sales.ts';
import type { CommentRuleStore } from '../../comments/rules.ts';
import type { CommentService } from '../../comments/service.ts';
import type { LinkService } from '../../links/service.ts';
import type { MessageService } from '../../messages/service.ts';
import type { AccountRecovery } from '../../users/recovery.ts';
import { requireAdmin } from '../authenticate.ts';
import { ok } from '../envelope.ts';
import { id, idList, NOT_AN_OBJECT, paging, parse } from '../validate.ts';
import { API } from '../../../contract/endpoints.ts';
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
}

const keyword = z.string({ error: '关键词必须是文字' }).trim().max(KEYWORD_MAX_LENGTH, { error: `关键词最多 ${KEYWORD_MAX_LENGTH} 个字符` }).default('');
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
const commentQuery = listQuery.extend({ status: z.enum(ADMIN_COMMENT_STATUSES, { error: 'status 只能是 all、held 或 hidden' }).default('all') });
const bulkBody = z.object({ idList: idList('评论', '处理', COMMENT_BULK_MAX_IDS) }, NOT_AN_OBJECT);
const bulkHiddenBody = bulkBody.extend(hiddenBody.shape);
const commentRulesBody = z.object(commentRules.shape, NOT_AN_OBJECT);
const roleBody = z.object({ role: z.union([z.literal(ROLE.admin), z.literal(ROLE.user)], { error: 'role 只能是 1（管理员）或 2（普通用户）' }) }, NOT_AN_OBJECT);
const linkQuery = z.object({ ...paging, status: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'status 只能是 1、2 或 3' })).optional() });
const orderQuery = z.object({ ...paging, status: z.enum(ORDER_STATUSES as [string, ...string[]], { error: '订单状态不对' }).optional() });
const paymentQuery = z.object({ ...paging, flagged: z.enum(['0', '1'], { error: 'flagged 只能是 0 或 1' }).optional() });
const licenseQuery = z
  .object({ order_no: orderParams.shape.order_no.optional(), user_id: id('user_id').optional() })
  .refine((query) => query.order_no || query.user_id, { error: '请按订单号或用户 id 查找' });

/** The query string with paging defaults, so `?keyword=x` alone lists page 1. */
const query = (req: Request) => ({ current: 1, size: 20, ...req.query });

export function adminRoutes(services: AdminServices): Router {
  const { audit, moderation, people, sales } = services;
  const { router, route } = groupRouter(API.admin);
  router.use((req, _res, next) => {
    requireAdmin(req);
    next();
  });
  const adminOf = (req: Request) => requireAdmin(req);

  route('dashboard', async (_req, res) => void res.json(ok((await services.dashboard()) satisfies Dashboard)));

  route('comments', async (req, res) => {
    const { current, size, keyword: words, status } = parse(commentQuery, query(req));
    res.json(ok((await moderation.comments(words, status, current, size)) satisfies Page<AdminComment>));
  });
  // The bulk actions answer how many comments they found; a root takes its replies with it.
  route('approveComments', async (req, res) => {
    const { idList } = parse(bulkBody, req.body);
    const approved = await services.comments.approve(idList);
    await audit.record(adminOf(req).id, 'comment.approve', `comment:${idList.join(',')}`);
    res.json(ok(approved));
  });
  route('hideComments', async (req, res) => {
    const { idList, hidden } = parse(bulkHiddenBody, req.body);
    const changed = await moderation.hideComments(idList, hidden);
    await audit.record(adminOf(req).id, hidden ? 'comment.hide' : 'comment.show', `comment:${idList.join(',')}`);
    res.json(ok(changed));
  });
  route('removeComments', async (req, res) => {
    const { idList } = parse(bulkBody, req.body);
    const removed = await services.comments.removeMany(idList);
    await audit.record(adminOf(req).id, 'comment.delete', `comment:${idList.join(',')}`);
    res.json(ok(removed));
  });
  route('hideComment', async (req, res) => {
    const { id } = parse(idParams, req.params);
    const { hidden } = parse(hiddenBody, req.body);
    await moderation.hideComments([id], hidden);
    await audit.record(adminOf(req).id, hidden ? 'comment.hide' : 'comment.show', `comment:${id}`);
    res.json(ok(true));
  });
  route('removeComment', async (req, res) => {
    const admin = adminOf(req);
    const { id } = parse(idParams, req.params);
    await services.comments.remove(admin, id);
    await audit.record(admin.id, 'comment.delete', `comment:${id}`);
    res.json(ok(true));
  });
  route('commentRules', async (_req, res) => void res.json(ok((await services.commentRules.get()) satisfies CommentRules)));
  route('setCommentRules', async (req, res) => {
    const rules = await services.commentRules.set(parse(commentRulesBody, req.body));
    await audit.record(adminOf(req).id, 'comment.rules', 'settings:comments', `${rules.guests ? 'guests' : 'accounts'} hold=${rules.hold}`);
    res.json(ok(rules satisfies CommentRules));
  });

  route('messages', async (req, res) => {
    const { current, size, keyword: words } = parse(listQuery, query(req));
    res.json(ok((await moderation.messages(words, current, size)) satisfies Page<AdminMessage>));
  });
  route('hideMessage', async (req, res) => {
    const { id } = parse(idParams, req.params);
    const { hidden } = parse(hiddenBody, req.body);
    await moderation.hideMessage(id, hidden);
    await audit.record(adminOf(req).id, hidden ? 'message.hide' : 'message.show', `message:${id}`);
    res.json(ok(true));
  });
  route('removeMessage', async (req, res) => {
    const admin = adminOf(req);
    const { id } = parse(idParams, req.params);
    await services.messages.remove(admin, [id]);
    await audit.record(admin.id, 'message.delete', `message:${id}`);
    res.json(ok(true));
  });

  route('links', async (req, res) => {
    const { current, size, status } = parse(linkQuery, query(req));
    res.json(ok((await services.links.byStatus(status ?? null, current, size)) satisfies Page<LinkItem>));
  });

  route('users', async (req, res) => {
    const { current, size, keyword: words } = parse(listQuery, query(req));
    res.json(ok((await people.search(words, current, size)) satisfies Page<AdminUser>));
  });
  route('disableUser', async (req, res) => {
    const admin = adminOf(req);
    const { id } = parse(idParams, req.params);
    const { disabled, hide_writing } = parse(disabledBody, req.body);
    const user = await people.setDisabled(admin.id, id, disabled);
    await audit.record(admin.id, disabled ? 'user.disable' : 'user.enable', `user:${id}`);
    if (disabled && hide_writing) {
      const hidden = await moderation.hideWritingOf(id);
      await audit.record(admin.id, 'user.hideWriting', `user:${id}`, `comments=${hidden.comments} messages=${hidden.messages}`);
    }
    res.json(ok(user satisfies AdminUser));
  });
  // A one-time link the owner passes on to a user who cannot log in (mail off, or no verified address).
  route('resetLink', async (req, res) => {
    const admin = adminOf(req);
    const { id } = parse(idParams, req.params);
    const link = await services.recovery.ownerResetLink(id);
    await audit.record(admin.id, 'user.resetLink', `user:${id}`);
    res.json(ok(link satisfies ResetLink));
  });
  route('setRole', async (req, res) => {
    const admin = adminOf(req);
    const { id } = parse(idParams, req.params);
    const { role } = parse(roleBody, req.body);
    const user = await people.setRole(id, role);
    await audit.record(admin.id, 'user.role', `user:${id}`, role === ROLE.admin ? 'admin' : 'user');
    res.json(ok(user satisfies AdminUser));
  });

  route('orders', async (req, res) => {
    const { current, size, status } = parse(orderQuery, query(req));
    res.json(ok((await sales.orders((status as AdminOrder['status'] | undefined) ?? null, current, size)) satisfies Page<AdminOrder>));
  });
  route('payments', async (req, res) => {
    const { current, size, flagged } = parse(paymentQuery, query(req));
    res.json(ok((await sales.payments(flagged === '1', current, size)) satisfies Page<AdminPayment>));
  });
  route('licenses', async (req, res) => {
    const { order_no, user_id } = parse(licenseQuery, req.query);
    res.json(ok((await sales.licenses({ orderNo: order_no, userId: user_id })) satisfies AdminLicense[]));
  });
  route('revokeLicense', async (req, res) => {
    const { order_no } = parse(orderParams, req.params);
    await sales.revoke(order_no);
    await audit.record(adminOf(req).id, 'license.revoke', `order:${order_no}`);
    res.json(ok(true));
  });
  route('resetMachines', async (req, res) => {
    const { order_no } = parse(orderParams, req.params);
    const freed = await sales.resetMachines(order_no);
    await audit.record(adminOf(req).id, 'license.reset', `order:${order_no}`, `释放 ${freed} 台机器`);
    res.json(ok(freed));
  });
  return router;
}
