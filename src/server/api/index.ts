/** The `/api` router: envelope, body limit, XHR rule and timeout around each domain's routes. */
import { Router } from 'express';
import type { ArticleService } from '../articles/service.ts';
import type { SiteService } from '../site/service.ts';
import { apiErrors, apiNotFound, jsonBody, requireXhr, timeout } from './middleware.ts';
import { articleRoutes } from './routes/articles.ts';
import { siteRoutes } from './routes/site.ts';

export interface ApiServices {
  site: SiteService;
  articles: ArticleService;
}

export function apiRouter(services: ApiServices): Router {
  const api = Router();
  api.use((_req, res, next) => {
    // Answers depend on the database and the reader; never let a shared cache keep them.
    res.set('Cache-Control', 'no-store');
    next();
  });
  api.use(timeout());
  api.use(requireXhr());
  api.use(jsonBody());
  api.use('/', siteRoutes(services.site));
  api.use('/article', articleRoutes(services.articles));
  api.use(apiNotFound());
  api.use(apiErrors());
  return api;
}
