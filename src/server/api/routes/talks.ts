/** Talks (docs/api.md §9.3): the owner's short posts, with likes for anyone. */
import { Router, type Request } from 'express';
import { z } from 'astro/zod';
import type { Page } from '../../../contract/envelope.ts';
import type { Talk } from '../../../contract/talks.ts';
import type { TalkService } from '../../talks/service.ts';
import { actorOf } from '../actor.ts';
import { likeHandlers, type LikeRouting } from './likes.ts';
import { notFound, ok } from '../envelope.ts';
import { id, paging, parse } from '../validate.ts';
import { API } from '../../../contract/endpoints.ts';
import { groupRouter } from '../endpoints.ts';

const idParams = z.object({ id: id() });
const listBody = z.object(paging, { error: '请求体必须是 JSON 对象' });

export function talkRoutes(talks: TalkService, { likes, likeGate }: LikeRouting): Router {
  const { router, route } = groupRouter(API.talk);
  const talk = (req: Request) => {
    const found = talks.find(parse(idParams, req.params).id);
    if (!found) throw notFound('说说不存在');
    return found;
  };

  route('list', async (req, res) => {
    const { current, size } = parse(listBody, req.body);
    res.json(ok((await talks.list(current, size, actorOf(req))) satisfies Page<Talk>));
  });
  route('get', async (req, res) => void res.json(ok((await talks.detail(talk(req), actorOf(req))) satisfies Talk)));

  const liking = likeHandlers(likes, 'talk');
  route('like', ...likeGate, liking.like);
  route('unlike', ...likeGate, liking.unlike);
  return router;
}
