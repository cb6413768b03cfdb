import { Router, type Request } from 'express';
import { z } from 'astro/zod';
import type { ArticleBriefPage, ArticleDetail, ArticleLive, ArticlePage, HotArticle, RelatedArticles, SearchResult, TimelinePage } from '../../../contract/articles.ts';
import { KEYWORD_MAX_LENGTH, MAX_READING_MS_PER_CALL, MIN_READING_MS_PER_CALL } from '../../../contract/limits.ts';
import type { ArticleService } from '../../articles/service.ts';
import { actorOf } from '../../likes/actor.ts';
import { likeHandlers, type LikeRouting } from '../../likes/routes.ts';
import { badRequest, notFound, ok } from '../envelope.ts';
import { limitPerIp } from '../middleware.ts';
import { id, paging, pagingSchema, parse } from '../validate.ts';

const idParams = z.object({ id: id() });
const listBody = z.object({ id: id(), ...paging });
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

/** `likeLimit`: the per-address budget for liking, shared with the generic like routes. */
export function articleRoutes(articles: ArticleService, { likes, likeLimit }: LikeRouting): Router {
  const router = Router();
  const article = (req: Request) => {
    const found = articles.find(parse(idParams, req.params).id);
    if (!found) throw notFound('文章不存在');
    return found;
  };

  router.get('/blogHomeGetArticleList/:current/:size', async (req, res) => {
    const { current, size } = parse(pagingSchema, req.params);
    res.json(ok((await articles.home(current, size)) satisfies ArticlePage));
  });
  router.get('/blogTimelineGetArticleList/:current/:size', (req, res) => {
    const { current, size } = parse(pagingSchema, req.params);
    res.json(ok(articles.timeline(current, size) satisfies TimelinePage));
  });
  router.post('/getArticleListByTagId', (req, res) => {
    const { id, current, size } = parse(listBody, req.body);
    res.json(ok(articles.byTag(id, current, size) satisfies ArticleBriefPage));
  });
  router.post('/getArticleListByCategoryId', (req, res) => {
    const { id, current, size } = parse(listBody, req.body);
    res.json(ok(articles.byCategory(id, current, size) satisfies ArticleBriefPage));
  });
  router.get('/getRecommendArticleById/:id', async (req, res) => void res.json(ok((await articles.related(article(req))) satisfies RelatedArticles)));
  router.get('/getArticleById/:id', limitPerIp(120, 60_000, undefined, 'article-detail'), async (req, res) => void res.json(ok((await articles.detail(article(req))) satisfies ArticleDetail)));
  router.put('/view/:id', limitPerIp(120, 60_000, undefined, 'article-view'), async (req, res) => void res.json(ok((await articles.view(article(req), actorOf(req))) satisfies ArticleLive)));
  router.get('/getHotArticle', async (_req, res) => void res.json(ok((await articles.hot()) satisfies HotArticle[])));
  router.get('/getArticleListByContent{/:keyword}', (req, res) => {
    if (req.params.keyword === undefined) throw badRequest('请输入搜索内容', ['keyword']);
    res.json(ok(articles.search(parse(keywordParams, req.params).keyword) satisfies SearchResult[]));
  });

  const liking = likeHandlers(likes, 'article');
  router.put('/like/:id', likeLimit, liking.like);
  router.put('/cancelLike/:id', likeLimit, liking.unlike);
  router.get('/isLike/:id', liking.isLiked);
  router.put('/addReadingDuration/:id/:duration', limitPerIp(60, 60_000), async (req, res) => {
    const { duration } = parse(readingParams, req.params);
    res.json(ok(await articles.addReading(article(req), duration)));
  });
  return router;
}
