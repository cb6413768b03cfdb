import { z } from 'astro/zod';
import type { RequestHandler, Router } from 'express';
import type { CategoryEntry, PageHeaderEntry, SiteConfig, SiteStatistic, TagEntry } from '../../../contract/site.ts';
import type { SiteService } from '../../site/service.ts';
import { ok } from '../envelope.ts';
import { quotaFor, spend } from '../middleware.ts';
import { BUDGETS } from '../../../contract/budgets.ts';
import { API } from '../../../contract/endpoints.ts';
import { groupRouter } from '../endpoints.ts';
import { id, parse } from '../validate.ts';

export function siteRoutes(site: SiteService, device: RequestHandler): Router {
  const { router, route } = groupRouter(API.site);
  route('config', async (_req, res) => void res.json(ok((await site.config()) satisfies SiteConfig)));
  route('addView', device, spend(BUDGETS.siteView), async (_req, res) => void res.json(ok(await site.addView(quotaFor(res)))));
  route('pageHeaders', (_req, res) => void res.json(ok(site.pageHeaders() satisfies PageHeaderEntry[])));
  route('statistic', async (_req, res) => void res.json(ok((await site.statistic()) satisfies SiteStatistic)));
  route('categories', (_req, res) => void res.json(ok(site.categories() satisfies CategoryEntry[])));
  route('tags', (_req, res) => void res.json(ok(site.tags() satisfies TagEntry[])));
  // The original front end's photo album. Albums are not part of this site: its screen shows an empty state, not an error.
  route('albums', (_req, res) => void res.json(ok([] as never[])));
  route('albumPhotos', (req, res) => {
    parse(z.object({ id: id() }), req.params);
    res.json(ok([] as never[]));
  });
  return router;
}
