/** Comments (docs/api.md §9.1): threads under articles, talks and message-board posts. */
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'astro/zod';
import type {
  AddedComment,
  AddedReply,
  CommentBody,
  CommentTargetCode,
  CommentTotalQuery,
  ReplyBody,
  ReplyComment,
  ReplyCommentQuery,
  RootComment,
  RootCommentQuery,
} from '../../../contract/comments.ts';
import type { Page } from '../../../contract/envelope.ts';
import { EMAIL_MAX_LENGTH } from '../../../contract/limits.ts';
import { commentContentProblem } from '../../../lib/shared/text.ts';
import type { GuestFields } from '../../../contract/commentRules.ts';
import { ROLE } from '../../../contract/users.ts';
import { emailProblem } from '../../../lib/shared/accountRules.ts';
import { guestNameProblem, guestSiteProblem } from '../../../lib/shared/commentModeration.ts';
import type { Viewer } from '../../comments/reads.ts';
import type { CommentService, Writer } from '../../comments/service.ts';
import { currentUser, requireUser } from '../authenticate.ts';
import { readerOf, type Cookies } from '../cookies.ts';
import { actorOf } from '../actor.ts';
import { likeHandlers, type LikeRouting } from './likes.ts';
import { ok } from '../envelope.ts';
import { spend } from '../middleware.ts';
import { BUDGETS } from '../../../contract/budgets.ts';
import { checkedText, id, linkTokenBody, paging, parse } from '../validate.ts';
import { API } from '../../../contract/endpoints.ts';
import { groupRouter } from '../endpoints.ts';

const TYPE_ERROR = '评论类型 type 只能是 1（文章）、2（说说）或 3（留言）';
const BODY_ERROR = '请求体必须是 JSON 对象';

const type = z.coerce
  .number({ error: TYPE_ERROR })
  .refine((n): n is CommentTargetCode => n === 1 || n === 2 || n === 3, { error: TYPE_ERROR })
  .transform((n) => n as CommentTargetCode);
const content = z
  .string({ error: '请输入评论内容' })
  .trim()
  .superRefine((value, ctx) => {
    const message = commentContentProblem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
const order = z.enum(['new', 'hot'], { error: '排序 order 只能是 new（最新）或 hot（最热）' });

const target = { type, for_id: id('for_id') };
const optionalText = z.union([z.string({ error: '必须是文字' }), z.null()]);
/** What a guest gives; ignored with a session, since the account says who is writing. */
const guest = {
  nick_name: checkedText(optionalText, (name) => (name ? guestNameProblem(name) : null)).optional(),
  email: checkedText(optionalText, (email) => (email ? emailProblem(email) || (email.length > EMAIL_MAX_LENGTH ? `邮箱最长 ${EMAIL_MAX_LENGTH} 个字符` : null) : null)).optional(),
  site: checkedText(optionalText, guestSiteProblem).optional(),
};
const commentBody = z.object({ ...target, content, ...guest }, { error: BODY_ERROR }) satisfies z.ZodType<CommentBody, unknown>;
const replyBody = z.object(
  {
    ...target,
    parent_id: id('parent_id'),
    to_id: z.coerce.number({ error: 'to_id 必须是数字' }).int({ error: 'to_id 必须是整数' }).nonnegative({ error: 'to_id 不能小于 0' }),
    content,
    ...guest,
  },
  { error: BODY_ERROR },
) satisfies z.ZodType<ReplyBody, unknown>;
const rootQuery = z.object({ ...target, ...paging, order: order.default('new') }, { error: BODY_ERROR }) satisfies z.ZodType<RootCommentQuery>;
const replyQuery = z.object({ parent_id: id('parent_id'), ...paging }, { error: BODY_ERROR }) satisfies z.ZodType<ReplyCommentQuery>;
const totalQuery = z.object(target, { error: BODY_ERROR }) satisfies z.ZodType<CommentTotalQuery>;
// The original client sends the root's id, or 0 for a root; the comment's own id decides what goes.
const deleteParams = z.object({
  id: id(),
  parent_id: z.coerce.number({ error: 'parent_id 必须是数字' }).int({ error: 'parent_id 必须是整数' }).nonnegative({ error: 'parent_id 不能小于 0' }).optional(),
});

/** Who is reading, for the held comments they may see. */
function viewerOf(req: Request): Viewer {
  const user = currentUser(req);
  return { actor: actorOf(req), userId: user?.id ?? null, admin: user?.role === ROLE.admin, device: readerOf(req) };
}

/**
 * The account writing, or the guest (whether guests may write, and what they must give, is the
 * owner's rule, which the service applies). A guest's browser gets its reader cookie once the
 * comment is in.
 */
function writerOf(req: Request, res: Response, cookies: Cookies, fields: Partial<GuestFields>): { writer: Writer; written: () => void } {
  const user = currentUser(req);
  if (user) return { writer: user, written: () => {} };
  const reader = cookies.reader(req, res);
  const writer = { guest: true as const, nickName: fields.nick_name ?? '', email: fields.email || null, site: fields.site || null, device: reader.hash };
  return { writer, written: reader.issue };
}

export function commentRoutes(comments: CommentService, { likes, likeGate, cookies }: LikeRouting & { cookies: Cookies }): Router {
  const { router, route } = groupRouter(API.comment);
  // One budget for comments and replies together, per reader and per address without an account.
  const commentLimits = [spend(BUDGETS.comment), spend(BUDGETS.commentPerAddress)];

  // Without a session and with guests off, the answer is 401 whatever the body says, as for any signed-out write.
  const guestsWelcome: RequestHandler = async (req, _res, next) => {
    if (!currentUser(req)) await comments.welcomeGuests();
    next();
  };

  route('add', ...commentLimits, guestsWelcome, async (req, res) => {
    const { type, for_id, content, ...fields } = parse(commentBody, req.body);
    const { writer, written } = writerOf(req, res, cookies, fields);
    const comment = await comments.add(writer, { type, forId: for_id, content, ip: req.ip ?? '' });
    written();
    res.json(ok(comment satisfies AddedComment));
  });
  route('reply', ...commentLimits, guestsWelcome, async (req, res) => {
    const { type, for_id, parent_id, to_id, content, ...fields } = parse(replyBody, req.body);
    const { writer, written } = writerOf(req, res, cookies, fields);
    const reply = await comments.reply(writer, { type, forId: for_id, parentId: parent_id, toId: to_id, content, ip: req.ip ?? '' });
    written();
    res.json(ok(reply satisfies AddedReply));
  });

  const liking = likeHandlers(likes, 'comment');
  route('like', ...likeGate, liking.like);
  route('unlike', ...likeGate, liking.unlike);

  route('remove', async (req, res) => {
    const user = requireUser(req);
    await comments.remove(user, parse(deleteParams, req.params).id);
    res.json(ok(true));
  });

  route('roots', async (req, res) => {
    const { type, for_id, current, size, order } = parse(rootQuery, req.body);
    res.json(ok((await comments.roots({ type, forId: for_id, current, size, order }, viewerOf(req))) satisfies Page<RootComment>));
  });
  route('replies', async (req, res) => {
    const { parent_id, current, size } = parse(replyQuery, req.body);
    res.json(ok((await comments.replies(parent_id, current, size, viewerOf(req))) satisfies Page<ReplyComment>));
  });
  route('total', async (req, res) => {
    const { type, for_id } = parse(totalQuery, req.body);
    res.json(ok((await comments.total(type, for_id)) satisfies number));
  });
  route('confirmEmail', spend(BUDGETS.tokenAttempt), async (req, res) => {
    await comments.confirmGuestEmail(parse(linkTokenBody, req.body).token);
    res.json(ok(true));
  });
  return router;
}
