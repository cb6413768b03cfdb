import type { PageHeaderEntry } from '../../contract/site.ts';

/**
 * The page-header image for a path: the longest configured route prefix that matches,
 * so `/article/12` can share `/article`'s image while `/` never swallows every route.
 */
export function pageHeaderFor(pathname: string, headers: Record<string, string>): string {
  let best = '';
  for (const prefix of Object.keys(headers)) {
    if (prefix === 'default') continue;
    const matches = pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : prefix + '/');
    if (matches && prefix.length > best.length) best = prefix;
  }
  return headers[best || 'default'] ?? '';
}

/**
 * Our path for each route name of the original front end, whose page header is looked up by
 * route name. Paths of features not built yet are listed too, so their headers are ready.
 */
export const ROUTE_PATHS = {
  Home: '/home',
  Archives: '/archives',
  Category: '/category',
  Tag: '/tag',
  Article: '/article',
  ArticleList: '/articleList',
  Talk: '/talk',
  Front: '/resources/front',
  Back: '/resources/back',
  SiteList: '/siteList',
  LinkList: '/link/list',
  LinkApply: '/link/apply',
  MessageList: '/message/list',
  PublishMessage: '/message/publish',
  MessageDetail: '/message/detail',
  UserCenter: '/userCenter',
} as const;

/** GET /api/pageHeader/getAll: every route with the image our own page at that path shows. */
export function pageHeaderList(headers: Record<string, string>): PageHeaderEntry[] {
  return Object.entries(ROUTE_PATHS).map(([route_name, path], index) => ({
    id: index + 1,
    route_name,
    path,
    bg_url: pageHeaderFor(path, headers),
  }));
}
