/** The console's first screen: how big the site is, what waits for the owner, and the latest admin actions. */
import { count, eq, gte, sql, sum } from 'drizzle-orm';
import { DASHBOARD_DAYS, DASHBOARD_TOP_ARTICLES, type Dashboard } from '../../contract/admin.ts';
import { formatDate, parseSiteDate } from '../../lib/shared/time.ts';
import type { Catalog, Taxonomy } from '../articles/catalog.ts';
import { mostViewed } from '../articles/stats.ts';
import { LINK_STATUS } from '../../contract/links.ts';
import type { Db } from '../db/client.ts';
import { comments, dailyViews, links, messages, orders, siteStats, users } from '../db/schema.ts';
import type { AuditLog } from './audit.ts';

/** The last `days` days of the site's calendar, oldest first, as YYYY-MM-DD. */
export function lastDays(now: Date, days: number): string[] {
  const today = parseSiteDate(formatDate(now))!;
  // Noon of each day, so a leap second or a clock change never lands on the wrong date.
  return Array.from({ length: days }, (_, i) =>
    formatDate(new Date(today.getTime() + 12 * 3600_000 - (days - 1 - i) * 86_400_000)),
  );
}

async function dailyViewsOf(db: Db, now: Date) {
  const days = lastDays(now, DASHBOARD_DAYS);
  const rows = await db.select().from(dailyViews).where(gte(dailyViews.day, days[0]));
  const byDay = new Map(rows.map((row) => [row.day, row.views]));
  return days.map((day) => ({ day, views: byDay.get(day) ?? 0 }));
}

const byCount = (map: Map<number, Taxonomy>) =>
  [...map.values()]
    .map((t) => ({ name: t.name, count: t.articleIds.length }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'zh-CN'));

export interface DashboardSources {
  catalog: Catalog;
  audit: AuditLog;
  clock?: () => Date;
}

export async function dashboard(
  db: Db,
  { catalog, audit, clock = () => new Date() }: DashboardSources,
): Promise<Dashboard> {
  const total = async (table: typeof users | typeof comments | typeof messages) =>
    (await db.select({ n: count() }).from(table))[0].n;
  const [userCount, commentCount, messageCount, [pendingLinks], [pendingOrders], [revenue], [views], latest] =
    await Promise.all([
      total(users),
      total(comments),
      total(messages),
      db.select({ n: count() }).from(links).where(eq(links.status, LINK_STATUS.pending)),
      db.select({ n: count() }).from(orders).where(eq(orders.status, 'pending')),
      // Refunded orders are not revenue: only what was fulfilled and kept.
      db
        .select({ cents: sum(orders.amountCents) })
        .from(orders)
        .where(eq(orders.status, 'fulfilled')),
      db
        .select({ value: siteStats.value })
        .from(siteStats)
        .where(eq(siteStats.name, sql`'views'`)),
      audit.latest(),
    ]);
  const [daily, viewed] = await Promise.all([dailyViewsOf(db, clock()), mostViewed(db, DASHBOARD_TOP_ARTICLES * 2)]);
  const top = viewed.flatMap(({ id, views: count }) => {
    const article = catalog.byId.get(id);
    return article ? [{ id, title: article.title, views: count }] : [];
  });
  return {
    articles: catalog.byId.size,
    users: userCount,
    comments: commentCount,
    messages: messageCount,
    pending_links: pendingLinks.n,
    pending_orders: pendingOrders.n,
    revenue_cents: Number(revenue?.cents ?? 0),
    views: views?.value ?? 0,
    audit: latest,
    daily_views: daily,
    top_articles: top.slice(0, DASHBOARD_TOP_ARTICLES),
    categories: byCount(catalog.categories),
    tags: byCount(catalog.tags),
  };
}
