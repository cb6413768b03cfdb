/** The original front end's generic like calls (docs/api.md §4), for the session's reader. */
import { Router, type Request, type Response, type RequestHandler } from 'express';
import { z } from 'astro/zod';
import { LIKE_TYPES, type LikeBody, type LikeTypeCode } from '../../../contract/likes.ts';
import type { LikeService } from '../../likes/service.ts';
import { notFound, ok } from '../envelope.ts';
import { actorOf } from '../middleware.ts';
import { id, parse } from '../validate.ts';

const TYPE_NAMES: Record<LikeTypeCode, string> = { 1: '文章', 2: '说说', 3: '留言', 4: '评论' };
const USER_ID_ERROR = 'user_id 必须是数字';
const TYPE_ERROR = '点赞类型 type 只能是 1（文章）、2（说说）、3（留言）或 4（评论）';

const likeBody = z.object(
  {
    for_id: id('for_id'),
    type: z.coerce
      .number({ error: TYPE_ERROR })
      .refine((n): n is LikeTypeCode => n in LIKE_TYPES, { error: TYPE_ERROR })
      .transform((n) => n as LikeTypeCode),
    // The original client sends its own idea of the user. The session decides who likes, so it is
    // checked for shape and otherwise ignored.
    user_id: z
      .union([z.number().int({ error: USER_ID_ERROR }).nonnegative({ error: USER_ID_ERROR }), z.string().regex(/^\d*$/, { error: USER_ID_ERROR }), z.null()], {
        error: USER_ID_ERROR,
      })
      .optional(),
  },
  { error: '请求体必须是 JSON 对象' },
) satisfies z.ZodType<LikeBody>;

/** `likeLimit`: the per-address budget for liking, shared with the article routes. */
export function likeRoutes(likes: LikeService, { likeLimit }: { likeLimit: RequestHandler }): Router {
  const router = Router();
  const missing = (type: LikeTypeCode) => notFound(`${TYPE_NAMES[type]}不存在`);

  router.post('/getIsLikeByIdAndType', async (req, res) => {
    const { for_id, type } = parse(likeBody, req.body);
    const liked = await likes.isLiked(type, for_id, actorOf(req));
    if (liked === null) throw missing(type);
    res.json(ok(liked));
  });

  const setLiked = (liked: boolean) => async (req: Request, res: Response) => {
    const { for_id, type } = parse(likeBody, req.body);
    const outcome = await likes.setLiked(type, for_id, actorOf(req), liked);
    if (outcome === 'missing') throw missing(type);
    res.json(ok(true));
  };
  router.post('/addLike', likeLimit, setLiked(true));
  router.post('/cancelLike', likeLimit, setLiked(false));
  return router;
}
