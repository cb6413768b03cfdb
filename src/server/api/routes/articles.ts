import { Router, type Request } from 'express';
import { z } from 'astro/zod';
import { KEYWORD_MAX_LENGTH, MAX_READING_MS_PER_CALL, MIN_READING_MS_PER_CALL } from '../../../contract/limits.ts';
import type { ArticleService } from '../../articles/service.ts';
import { actorOf } from '../actor.ts';
import { likeHandlers, type LikeRouting } from './likes.ts';
import { badRequest, notFound } from '../envelope.ts';
import { quotaFor, spend } from '../middleware.ts';
import { BUDGETS } from '../../../contract/budgets.ts';
import { id, NOT_AN_OBJECT, paging, pagingSchema, parse } from '../validate.ts';
import { API } from '../../../contract/endpoints.ts';
import {
  ARTICLE_ADD_READING,
  ARTICLE_BY_CATEGORY,
  ARTICLE_BY_TAG,
  ARTICLE_DETAIL,
  ARTICLE_HOME,
  ARTICLE_HOT,
  ARTICLE_IS_LIKED,
  ARTICLE_LIKE,
  ARTICLE_RELATED,
  ARTICLE_SEARCH,
  ARTICLE_TIMELINE,
  ARTICLE_UNLIKE,
  ARTICLE_VIEW,
} from '../../../contract/routes.ts';
import { groupRouter } from '../endpoints.ts';

const idParams = z.object({ id: id() });
const listBody = z.object({ id: id(), ...paging }, NOT_AN_OBJECT);
const readingParams = z.object({
  id: id(),
  duration: z.coerce
    .number({ error: '阅读时长必须是数字' })
    .int({ error: '阅读时长必须是整数毫秒' })
    .min(MIN_READING_MS_PER_CALL, { error: `阅读时长至少 ${MIN_READING_MS_PER_CALL} 毫秒` })
    .max(MAX_READING_MS_PER_CALL, { error: `单次阅读时长最多 ${MAX_READING_MS_PER_CALL} 毫秒（1 小时）` }),
});
const keywordParams = z.object({
  keyword: z
    .string({ error: '请输入搜索内容' })
    .trim()
    .min(1, { error: '请输入搜索内容' })
    .max(KEYWORD_MAX_LENGTH, { error: `搜索内容最多 ${KEYWORD_MAX_LENGTH} 个字` }),
});

export function articleRoutes(articles: ArticleService, { likes, likeGate, device }: LikeRouting): Router {
  const { router, route } = groupRouter(API.article);
  const article = (req: Request) => {
    const found = articles.find(parse(idParams, req.params).id);
    if (!found) throw notFound('文章不存在');
    return found;
  };

  route(ARTICLE_HOME, (req) => {
    const { current, size } = parse(pagingSchema, req.params);
    return articles.home(current, size);
  });
  route(ARTICLE_TIMELINE, (req) => {
    const { current, size } = parse(pagingSchema, req.params);
    return articles.timeline(current, size);
  });
  route(ARTICLE_BY_TAG, (req) => {
    const { id, current, size } = parse(listBody, req.body);
    return articles.byTag(id, current, size);
  });
  route(ARTICLE_BY_CATEGORY, (req) => {
    const { id, current, size } = parse(listBody, req.body);
    return articles.byCategory(id, current, size);
  });
  route(ARTICLE_RELATED, (req) => articles.related(article(req)));
  // The view budget is made once: the page's view and the original front end's detail count as one.
  const viewQuota = spend(BUDGETS.articleView);
  route(ARTICLE_DETAIL, spend(BUDGETS.articleDetail), viewQuota, (req, res) =>
    articles.detail(article(req), quotaFor(res)),
  );
  route(ARTICLE_VIEW, device, viewQuota, (req, res) => articles.view(article(req), actorOf(req), quotaFor(res)));
  route(ARTICLE_HOT, () => articles.hot());
  route(ARTICLE_SEARCH, (req) => {
    if (req.params.keyword === undefined) throw badRequest('请输入搜索内容', ['keyword']);
    return articles.search(parse(keywordParams, req.params).keyword);
  });

  const liking = likeHandlers(likes, 'article');
  route(ARTICLE_LIKE, ...likeGate, liking.like);
  route(ARTICLE_UNLIKE, ...likeGate, liking.unlike);
  route(ARTICLE_IS_LIKED, liking.isLiked);
  route(ARTICLE_ADD_READING, spend(BUDGETS.readingTime), (req, res) => {
    const { duration } = parse(readingParams, req.params);
    return articles.addReading(article(req), duration, quotaFor(res));
  });
  return router;
}
