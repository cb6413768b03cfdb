/** The message board (docs/api.md §9.2): anyone reads and likes; logged-in readers write them. */
import { Router, type Request } from 'express';
import { z } from 'astro/zod';
import { KEYWORD_MAX_LENGTH, MESSAGE_DELETE_MAX_IDS } from '../../../contract/limits.ts';
import { cssColor } from '../../../lib/shared/cssColor.ts';
import {
  colorProblem,
  fontSizeCss,
  fontSizeProblem,
  fontWeightProblem,
  messageProblem,
  tagProblem,
} from '../../../lib/shared/messageRules.ts';
import type { MessageService, Poster } from '../../messages/service.ts';
import { isUploadedImagePath } from '../../uploads/images.ts';
import { requireUser } from '../authenticate.ts';
import { actorOf } from '../actor.ts';
import { likeHandlers, type LikeRouting } from './likes.ts';
import { spend } from '../middleware.ts';
import { BUDGETS } from '../../../contract/budgets.ts';
import { checkedText, id, idList, inputSchema, NOT_AN_OBJECT, paging, parse } from '../validate.ts';
import { API } from '../../../contract/endpoints.ts';
import {
  MESSAGE_ADD,
  MESSAGE_GET,
  MESSAGE_HOT_TAGS,
  MESSAGE_LIKE,
  MESSAGE_LIST,
  MESSAGE_REMOVE,
  MESSAGE_UNLIKE,
  MESSAGE_UPDATE,
} from '../../../contract/routes.ts';
import { groupRouter } from '../endpoints.ts';

const textOrNull = (label: string) => z.union([z.string(), z.null()], { error: `${label}必须是文字` });

const message = checkedText(
  z.string({ error: (issue) => (issue.input === undefined ? '请输入留言内容' : '留言内容必须是文字') }),
  messageProblem,
);
/** A colour as CSS: the `hsv()` of the original front end's picker is stored as the `rgb()` it means. */
const color = (label: string) =>
  checkedText(textOrNull(label), colorProblem(label)).transform((value) =>
    value === '' ? '' : (cssColor(value) ?? ''),
  );

const look = {
  color: color('文字颜色'),
  // A number of pixels, as the original front end sends it, or the CSS `"16px"`.
  font_size: z
    .union([z.string(), z.number(), z.null()], { error: '字号必须是数字' })
    .transform(fontSizeCss)
    .superRefine((value, ctx) => {
      const message = fontSizeProblem(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  // A number (700) means the same as its digits; keywords in any case mean the same.
  font_weight: checkedText(
    z
      .union([z.string(), z.number(), z.null()], { error: '字重必须是文字或数字' })
      .transform((value) => (typeof value === 'string' ? value.toLowerCase() : value)),
    fontWeightProblem,
  ),
  bg_color: color('背景颜色'),
  bg_url: checkedText(textOrNull('背景图片'), (value) =>
    value === '' || isUploadedImagePath(value) ? null : '背景图片必须是上传的图片',
  ),
  tag: checkedText(textOrNull('标签'), tagProblem),
};

const addBody = inputSchema(
  MESSAGE_ADD,
  z.object(
    {
      message,
      color: look.color.default(''),
      font_size: look.font_size.default(''),
      font_weight: look.font_weight.default(''),
      bg_color: look.bg_color.default(''),
      bg_url: look.bg_url.default(''),
      tag: look.tag.default(''),
    },
    NOT_AN_OBJECT,
  ),
);

const updateBody = inputSchema(
  MESSAGE_UPDATE,
  z
    .object(
      {
        id: id(),
        message: message.optional(),
        color: look.color.optional(),
        font_size: look.font_size.optional(),
        font_weight: look.font_weight.optional(),
        bg_color: look.bg_color.optional(),
        bg_url: look.bg_url.optional(),
        tag: look.tag.optional(),
      },
      NOT_AN_OBJECT,
    )
    .refine(({ id: _id, ...changes }) => Object.values(changes).some((value) => value !== undefined), {
      error: '没有需要修改的内容',
    }),
);

const blankAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * `tag`, `message` and `author_id` narrow the list; empty or null means no filter. `user_id` is
 * the viewer as the original front end sends it: checked, then ignored (the session decides `is_like`).
 */
const listBody = inputSchema(
  MESSAGE_LIST,
  z.object(
    {
      ...paging,
      tag: look.tag.optional(),
      message: z.preprocess(
        blankAsMissing,
        z
          .string({ error: '搜索内容必须是文字' })
          .trim()
          .max(KEYWORD_MAX_LENGTH, { error: `搜索内容最多 ${KEYWORD_MAX_LENGTH} 个字符` })
          .optional(),
      ),
      author_id: z.preprocess(blankAsMissing, id('author_id').optional()),
      user_id: z.preprocess(blankAsMissing, id('user_id').optional()),
    },
    NOT_AN_OBJECT,
  ),
);

const deleteBody = inputSchema(
  MESSAGE_REMOVE,
  z.object({ idList: idList('留言', '删除', MESSAGE_DELETE_MAX_IDS) }, NOT_AN_OBJECT),
);

const idParams = z.object({ id: id() });

const posterOf = (req: Request): Poster => {
  const { id, nickName, role } = requireUser(req);
  return { id, nickName, role };
};

export function messageRoutes(messages: MessageService, { likes, likeGate }: LikeRouting): Router {
  const { router, route } = groupRouter(API.message);
  const writeLimit = spend(BUDGETS.messageWrite);
  const editLimit = spend(BUDGETS.messageEdit);

  route(MESSAGE_LIST, (req) => {
    const { current, size, tag, message: text, author_id } = parse(listBody, req.body);
    return messages.list({ tag, text: text || undefined, authorId: author_id }, current, size, actorOf(req));
  });
  route(MESSAGE_GET, (req) => messages.get(parse(idParams, req.params).id, actorOf(req)));
  route(MESSAGE_HOT_TAGS, () => messages.hotTags());

  // The budget comes first: a refused message costs the server as much as an accepted one, so it counts.
  route(MESSAGE_ADD, writeLimit, (req) => {
    const poster = posterOf(req);
    const fields = parse(addBody, req.body);
    return messages.add(poster, fields, { ip: req.ip ?? '', actor: actorOf(req) });
  });
  route(MESSAGE_UPDATE, editLimit, (req) => {
    const poster = posterOf(req);
    const { id, ...changes } = parse(updateBody, req.body);
    return messages.update(poster, id, changes, actorOf(req));
  });
  route(MESSAGE_REMOVE, async (req) => {
    const poster = posterOf(req);
    await messages.remove(poster, parse(deleteBody, req.body).idList);
  });

  const liking = likeHandlers(likes, 'message');
  route(MESSAGE_LIKE, ...likeGate, liking.like);
  route(MESSAGE_UNLIKE, ...likeGate, liking.unlike);
  return router;
}
