/** The `/api` router: envelope, body limit, XHR rule and timeout around each domain's routes. */
import { Router } from 'express';
import type { ArticleService } from '../articles/service.ts';
import type { Db } from '../db/client.ts';
import { articleLikes, createLikeService } from '../likes/service.ts';
import type { SiteService } from '../site/service.ts';
import type { UserService } from '../users/service.ts';
import { authenticate } from './auth.ts';
import { apiErrors, apiNotFound, jsonBody, requireXhr, timeout } from './middleware.ts';
import { articleRoutes } from './routes/articles.ts';
import { likeRoutes } from './routes/likes.ts';
import { siteRoutes } from './routes/site.ts';
import { uploadRoutes } from './routes/upload.ts';
import { userRoutes } from './routes/users.ts';

export interface ApiServices {
  db: Db;
  site: SiteService;
  articles: ArticleService;
  users: UserService;
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
  api.use(authenticate(services.users.sessions));
  api.use('/', siteRoutes(services.site));
  api.use('/article', articleRoutes(services.articles));
  api.use('/like', likeRoutes(createLikeService({ article: articleLikes(services.articles) })));
  api.use('/user', userRoutes(services.users));
  api.use('/upload', uploadRoutes(services.users.uploads));
  api.use(apiNotFound());
  api.use(apiErrors());
  return api;
}
