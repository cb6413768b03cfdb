import { z } from 'astro/zod';
import { Router } from 'express';
import type { CategoryEntry, PageHeaderEntry, SiteConfig, SiteStatistic, TagEntry } from '../../../contract/site.ts';
import type { SiteService } from '../../site/service.ts';
import { ok } from '../envelope.ts';
import { limitPerIp } from '../middleware.ts';
import { id, parse } from '../validate.ts';

export function siteRoutes(site: SiteService): Router {
  const router = Router();
  router.get('/config', async (_req, res) => void res.json(ok((await site.config()) satisfies SiteConfig)));
  router.put('/config/addView', limitPerIp(20, 60_000), async (_req, res) => void res.json(ok(await site.addView())));
  router.get('/pageHeader/getAll', (_req, res) => void res.json(ok(site.pageHeaders() satisfies PageHeaderEntry[])));
  router.get('/statistic', async (_req, res) => void res.json(ok((await site.statistic()) satisfies SiteStatistic)));
  router.get('/category/getCategoryDictionary', (_req, res) => void res.json(ok(site.categories() satisfies CategoryEntry[])));
  router.get('/tag/getTagDictionary', (_req, res) => void res.json(ok(site.tags() satisfies TagEntry[])));
  // The original front end's photo album. Albums are not part of this site: its screen shows an empty state, not an error.
  router.get('/photoAlbum/getAllAlbumList', (_req, res) => void res.json(ok([] as never[])));
  router.get('/photo/getAllPhotosByAlbumId/:id', (req, res) => {
    parse(z.object({ id: id() }), req.params);
    res.json(ok([] as never[]));
  });
  return router;
}
