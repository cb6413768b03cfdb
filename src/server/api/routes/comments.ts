/** Comments (docs/api.md §9.1): threads under articles, talks and message-board posts. */
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'astro/zod';
import type { CommentTargetCode } from '../../../contract/comments.ts';
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
import { spend } from '../middleware.ts';
import { BUDGETS } from '../../../contract/budgets.ts';
import { checkedText, id, inputSchema, linkTokenBody, paging, parse } from '../validate.ts';
import { API } from '../../../contract/endpoints.ts';
import {
  COMMENT_ADD,
  COMMENT_CONFIRM_EMAIL,
  COMMENT_LIKE,
  COMMENT_REMOVE,
  COMMENT_REPLIES,
  COMMENT_REPLY,
  COMMENT_ROOTS,
  COMMENT_TOTAL,
  COMMENT_UNLIKE,
} from '../../../contract/routes.ts';
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
  email: checkedText(optionalText, (email) =>
    email
      ? emailProblem(email) || (email.length > EMAIL_MAX_LENGTH ? `邮箱最长 ${EMAIL_MAX_LENGTH} 个字符` : null)
      : null,
  ).optional(),
  site: checkedText(optionalText, guestSiteProblem).optional(),
};
const commentBody = inputSchema(COMMENT_ADD, z.object({ ...target, content, ...guest }, { error: BODY_ERROR }));
const replyBody = inputSchema(
  COMMENT_REPLY,
  z.object(
    {
      ...target,
      parent_id: id('parent_id'),
      to_id: z.coerce
        .number({ error: 'to_id 必须是数字' })
        .int({ error: 'to_id 必须是整数' })
        .nonnegative({ error: 'to_id 不能小于 0' }),
      content,
      ...guest,
    },
    { error: BODY_ERROR },
  ),
);
const rootQuery = inputSchema(
  COMMENT_ROOTS,
  z.object({ ...target, ...paging, order: order.default('new') }, { error: BODY_ERROR }),
);
const replyQuery = inputSchema(
  COMMENT_REPLIES,
  z.object({ parent_id: id('parent_id'), ...paging }, { error: BODY_ERROR }),
);
const totalQuery = inputSchema(COMMENT_TOTAL, z.object(target, { error: BODY_ERROR }));
// The original client sends the root's id, or 0 for a root; the comment's own id decides what goes.
const deleteParams = z.object({
  id: id(),
  parent_id: z.coerce
    .number({ error: 'parent_id 必须是数字' })
    .int({ error: 'parent_id 必须是整数' })
    .nonnegative({ error: 'parent_id 不能小于 0' })
    .optional(),
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
function writerOf(
  req: Request,
  res: Response,
  cookies: Cookies,
  fields: Partial<GuestFields>,
): { writer: Writer; written: () => void } {
  const user = currentUser(req);
  if (user) return { writer: user, written: () => {} };
  const reader = cookies.reader(req, res);
  const writer = {
    guest: true as const,
    nickName: fields.nick_name ?? '',
    email: fields.email || null,
    site: fields.site || null,
    device: reader.hash,
  };
  return { writer, written: reader.issue };
}

export function commentRoutes(
  comments: CommentService,
  { likes, likeGate, cookies }: LikeRouting & { cookies: Cookies },
): Router {
  const { router, route } = groupRouter(API.comment);
  // One budget for comments and replies together, per reader and per address without an account.
  const commentLimits = [spend(BUDGETS.comment), spend(BUDGETS.commentPerAddress)];

  // Without a session and with guests off, the answer is 401 whatever the body says, as for any signed-out write.
  const guestsWelcome: RequestHandler = async (req, _res, next) => {
    if (!currentUser(req)) await comments.welcomeGuests();
    next();
  };

  route(COMMENT_ADD, ...commentLimits, guestsWelcome, async (req, res) => {
    const { type, for_id, content, ...fields } = parse(commentBody, req.body);
    const { writer, written } = writerOf(req, res, cookies, fields);
    const comment = await comments.add(writer, { type, forId: for_id, content, ip: req.ip ?? '' });
    written();
    return comment;
  });
  route(COMMENT_REPLY, ...commentLimits, guestsWelcome, async (req, res) => {
    const { type, for_id, parent_id, to_id, content, ...fields } = parse(replyBody, req.body);
    const { writer, written } = writerOf(req, res, cookies, fields);
    const reply = await comments.reply(writer, {
      type,
      forId: for_id,
      parentId: parent_id,
      toId: to_id,
      content,
      ip: req.ip ?? '',
    });
    written();
    return reply;
  });

  const liking = likeHandlers(likes, 'comment');
  route(COMMENT_LIKE, ...likeGate, liking.like);
  route(COMMENT_UNLIKE, ...likeGate, liking.unlike);

  route(COMMENT_REMOVE, async (req) => {
    const user = requireUser(req);
    await comments.remove(user, parse(deleteParams, req.params).id);
  });

  route(COMMENT_ROOTS, async (req) => {
    const { type, for_id, current, size, order } = parse(rootQuery, req.body);
    return comments.roots({ type, forId: for_id, current, size, order }, viewerOf(req));
  });
  route(COMMENT_REPLIES, async (req) => {
    const { parent_id, current, size } = parse(replyQuery, req.body);
    return comments.replies(parent_id, current, size, viewerOf(req));
  });
  route(COMMENT_TOTAL, async (req) => {
    const { type, for_id } = parse(totalQuery, req.body);
    return comments.total(type, for_id);
  });
  route(COMMENT_CONFIRM_EMAIL, spend(BUDGETS.tokenAttempt), async (req) => {
    await comments.confirmGuestEmail(parse(linkTokenBody, req.body).token);
  });
  return router;
}
