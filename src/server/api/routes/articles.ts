import { Router, type Request } from 'express';
import { z } from 'astro/zod';
import type { ArticleBriefPage, ArticleDetail, ArticleLive, ArticlePage, HotArticle, RelatedArticles, SearchResult, TimelinePage } from '../../../contract/articles.ts';
import { KEYWORD_MAX_LENGTH, MAX_READING_MS_PER_CALL, MIN_READING_MS_PER_CALL } from '../../../contract/limits.ts';
import type { ArticleService } from '../../articles/service.ts';
import { actorOf } from '../actor.ts';
import { likeHandlers, type LikeRouting } from './likes.ts';
import { badRequest, notFound, ok } from '../envelope.ts';
import { quotaFor, spend } from '../middleware.ts';
import { BUDGETS } from '../../../contract/budgets.ts';
import { id, NOT_AN_OBJECT, paging, pagingSchema, parse } from '../validate.ts';
import { API } from '../../../contract/endpoints.ts';
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

  route('home', async (req, res) => {
    const { current, size } = parse(pagingSchema, req.params);
    res.json(ok((await articles.home(current, size)) satisfies ArticlePage));
  });
  route('timeline', (req, res) => {
    const { current, size } = parse(pagingSchema, req.params);
    res.json(ok(articles.timeline(current, size) satisfies TimelinePage));
  });
  route('byTag', (req, res) => {
    const { id, current, size } = parse(listBody, req.body);
    res.json(ok(articles.byTag(id, current, size) satisfies ArticleBriefPage));
  });
  route('byCategory', (req, res) => {
    const { id, current, size } = parse(listBody, req.body);
    res.json(ok(articles.byCategory(id, current, size) satisfies ArticleBriefPage));
  });
  route('related', async (req, res) => void res.json(ok((await articles.related(article(req))) satisfies RelatedArticles)));
  // The view budget is made once: the page's view and the original front end's detail count as one.
  const viewQuota = spend(BUDGETS.articleView);
  route('detail', spend(BUDGETS.articleDetail), viewQuota, async (req, res) => void res.json(ok((await articles.detail(article(req), quotaFor(res))) satisfies ArticleDetail)));
  route('view', device, viewQuota, async (req, res) => void res.json(ok((await articles.view(article(req), actorOf(req), quotaFor(res))) satisfies ArticleLive)));
  route('hot', async (_req, res) => void res.json(ok((await articles.hot()) satisfies HotArticle[])));
  route('search', (req, res) => {
    if (req.params.keyword === undefined) throw badRequest('请输入搜索内容', ['keyword']);
    res.json(ok(articles.search(parse(keywordParams, req.params).keyword) satisfies SearchResult[]));
  });

  const liking = likeHandlers(likes, 'article');
  route('like', ...likeGate, liking.like);
  route('unlike', ...likeGate, liking.unlike);
  route('isLiked', liking.isLiked);
  route('addReading', spend(BUDGETS.readingTime), async (req, res) => {
    const { duration } = parse(readingParams, req.params);
    res.json(ok(await articles.addReading(article(req), duration, quotaFor(res))));
  });
  return router;
}
