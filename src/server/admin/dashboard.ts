/** The console's first screen: how big the site is, what waits for the owner, and the latest admin actions. */
import { count, eq, sql, sum } from 'drizzle-orm';
import type { Dashboard } from '../../contract/admin.ts';
import { LINK_STATUS } from '../../contract/links.ts';
import type { Db } from '../db/client.ts';
import { comments, links, messages, orders, siteStats, users } from '../db/schema.ts';
import type { AuditLog } from './audit.ts';

export async function dashboard(db: Db, { articles, audit }: { articles: () => number; audit: AuditLog }): Promise<Dashboard> {
  const total = async (table: typeof users | typeof comments | typeof messages) => (await db.select({ n: count() }).from(table))[0].n;
  const [userCount, commentCount, messageCount, [pendingLinks], [pendingOrders], [revenue], [views], latest] = await Promise.all([
    total(users),
    total(comments),
    total(messages),
    db.select({ n: count() }).from(links).where(eq(links.status, LINK_STATUS.pending)),
    db.select({ n: count() }).from(orders).where(eq(orders.status, 'pending')),
    // Refunded orders are not revenue: only what was fulfilled and kept.
    db.select({ cents: sum(orders.amountCents) }).from(orders).where(eq(orders.status, 'fulfilled')),
    db.select({ value: siteStats.value }).from(siteStats).where(eq(siteStats.name, sql`'views'`)),
    audit.latest(),
  ]);
  return {
    articles: articles(),
    users: userCount,
    comments: commentCount,
    messages: messageCount,
    pending_links: pendingLinks.n,
    pending_orders: pendingOrders.n,
    revenue_cents: Number(revenue?.cents ?? 0),
    views: views?.value ?? 0,
    audit: latest,
  };
}
