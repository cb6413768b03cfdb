import { Router } from 'express';
import type { SiteService } from '../../site/service.ts';
import { ok } from '../envelope.ts';
import { limitPerIp } from '../middleware.ts';

export function siteRoutes(site: SiteService): Router {
  const router = Router();
  router.get('/config', async (_req, res) => void res.json(ok(await site.config())));
  router.put('/config/addView', limitPerIp(20, 60_000), async (_req, res) => void res.json(ok(await site.addView())));
  router.get('/pageHeader/getAll', (_req, res) => void res.json(ok(site.pageHeaders())));
  router.get('/statistic', async (_req, res) => void res.json(ok(await site.statistic())));
  router.get('/category/getCategoryDictionary', (_req, res) => void res.json(ok(site.categories())));
  router.get('/tag/getTagDictionary', (_req, res) => void res.json(ok(site.tags())));
  return router;
}
