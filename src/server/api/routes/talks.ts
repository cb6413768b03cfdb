/** Talks (docs/api.md §9.3): the owner's short posts, with likes for anyone. */
import { Router, type Request } from 'express';
import { z } from 'astro/zod';
import type { TalkService } from '../../talks/service.ts';
import { actorOf } from '../actor.ts';
import { likeHandlers, type LikeRouting } from './likes.ts';
import { notFound } from '../envelope.ts';
import { id, paging, parse } from '../validate.ts';
import { API } from '../../../contract/endpoints.ts';
import { TALK_GET, TALK_LIKE, TALK_LIST, TALK_UNLIKE } from '../../../contract/routes.ts';
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

  route(TALK_LIST, (req) => {
    const { current, size } = parse(listBody, req.body);
    return talks.list(current, size, actorOf(req));
  });
  route(TALK_GET, (req) => talks.detail(talk(req), actorOf(req)));

  const liking = likeHandlers(likes, 'talk');
  route(TALK_LIKE, ...likeGate, liking.like);
  route(TALK_UNLIKE, ...likeGate, liking.unlike);
  return router;
}
