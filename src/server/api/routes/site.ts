import { z } from 'astro/zod';
import type { RequestHandler, Router } from 'express';
import type { SiteService } from '../../site/service.ts';
import { quotaFor, spend } from '../middleware.ts';
import { BUDGETS } from '../../../contract/budgets.ts';
import { API } from '../../../contract/endpoints.ts';
import {
  SITE_ADD_VIEW,
  SITE_ALBUM_PHOTOS,
  SITE_ALBUMS,
  SITE_CATEGORIES,
  SITE_CONFIG,
  SITE_PAGE_HEADERS,
  SITE_STATISTIC,
  SITE_TAGS,
} from '../../../contract/routes.ts';
import { groupRouter } from '../endpoints.ts';
import { id, parse } from '../validate.ts';

export function siteRoutes(site: SiteService, device: RequestHandler): Router {
  const { router, route } = groupRouter(API.site);
  route(SITE_CONFIG, () => site.config());
  route(SITE_ADD_VIEW, device, spend(BUDGETS.siteView), (_req, res) => site.addView(quotaFor(res)));
  route(SITE_PAGE_HEADERS, () => site.pageHeaders());
  route(SITE_STATISTIC, () => site.statistic());
  route(SITE_CATEGORIES, () => site.categories());
  route(SITE_TAGS, () => site.tags());
  // The original front end's photo album. Albums are not part of this site: its screen shows an empty state, not an error.
  route(SITE_ALBUMS, () => []);
  route(SITE_ALBUM_PHOTOS, (req) => {
    parse(z.object({ id: id() }), req.params);
    return [];
  });
  return router;
}
