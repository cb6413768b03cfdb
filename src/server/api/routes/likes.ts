/**
 * The like routes: the original front end's generic calls by type code (docs/api.md §4), and the
 * handlers each domain's own like routes use. Every one answers for the session's reader.
 */
import { Router, type RequestHandler } from 'express';
import { z } from 'astro/zod';
import { LIKE_TYPES, type LikeKind, type LikeTypeCode } from '../../../contract/likes.ts';
import { API } from '../../../contract/endpoints.ts';
import type { LikeService } from '../../likes/service.ts';
import { actorOf } from '../actor.ts';
import { LIKE_ADD, LIKE_CANCEL, LIKE_IS_LIKED } from '../../../contract/routes.ts';
import { groupRouter, type AnswerHandler } from '../endpoints.ts';
import { notFound, tip } from '../envelope.ts';
import { id, inputSchema, parse } from '../validate.ts';

const KIND_NAMES: Record<LikeKind, string> = { article: '文章', talk: '说说', message: '留言', comment: '评论' };
const USER_ID_ERROR = 'user_id 必须是数字';
const TYPE_ERROR = '点赞类型 type 只能是 1（文章）、2（说说）、3（留言）或 4（评论）';

const likeBody = inputSchema(
  [LIKE_IS_LIKED, LIKE_ADD, LIKE_CANCEL],
  z.object(
    {
      for_id: id('for_id'),
      type: z.coerce
        .number({ error: TYPE_ERROR })
        .refine((n): n is LikeTypeCode => n in LIKE_TYPES, { error: TYPE_ERROR })
        .transform((n) => n as LikeTypeCode),
      // The original client sends its own idea of the user. The session decides who likes, so it is
      // checked for shape and otherwise ignored.
      user_id: z
        .union(
          [
            z.number().int({ error: USER_ID_ERROR }).nonnegative({ error: USER_ID_ERROR }),
            z.string().regex(/^\d*$/, { error: USER_ID_ERROR }),
            z.null(),
          ],
          {
            error: USER_ID_ERROR,
          },
        )
        .optional(),
    },
    { error: '请求体必须是 JSON 对象' },
  ),
);

const idParams = z.object({ id: id() });
const missing = (kind: LikeKind) => notFound(`${KIND_NAMES[kind]}不存在`);

/** A domain's own like routes (`PUT /api/article/like/{id}` and the like): the count, or a tip with it when nothing changed. */
export function likeHandlers(likes: LikeService, kind: LikeKind) {
  const setLiked =
    (liked: boolean): AnswerHandler<number> =>
    async (req) => {
      const outcome = await likes.setLiked(kind, parse(idParams, req.params).id, actorOf(req), liked);
      if (!outcome) throw missing(kind);
      return outcome.changed ? outcome.likes : tip(liked ? '你已经点过赞啦' : '你还没有点赞哦', outcome.likes);
    };
  const isLiked: AnswerHandler<boolean> = async (req) => {
    const liked = await likes.isLiked(kind, parse(idParams, req.params).id, actorOf(req));
    if (liked === null) throw missing(kind);
    return liked;
  };
  return { like: setLiked(true), unlike: setLiked(false), isLiked };
}

/** What a router with like routes is given: the likes, and what every like route passes first. */
export interface LikeRouting {
  likes: LikeService;
  /** The device for a reader without an account, then the budgets for liking, each shared by every like route. */
  likeGate: RequestHandler[];
  /** Gives a reader without an account a device (actor.ts), for the calls that count. */
  device: RequestHandler;
}

export function likeRoutes({ likes, likeGate }: LikeRouting): Router {
  const { router, route } = groupRouter(API.like);

  route(LIKE_IS_LIKED, async (req) => {
    const { for_id, type } = parse(likeBody, req.body);
    const liked = await likes.isLiked(LIKE_TYPES[type], for_id, actorOf(req));
    if (liked === null) throw missing(LIKE_TYPES[type]);
    return liked;
  });

  const setLiked =
    (liked: boolean): AnswerHandler<true> =>
    async (req) => {
      const { for_id, type } = parse(likeBody, req.body);
      if (!(await likes.setLiked(LIKE_TYPES[type], for_id, actorOf(req), liked))) throw missing(LIKE_TYPES[type]);
    };
  route(LIKE_ADD, ...likeGate, setLiked(true));
  route(LIKE_CANCEL, ...likeGate, setLiked(false));
  return router;
}
