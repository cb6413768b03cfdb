/** Site-wide data: the public configuration, page headers, totals and the site view counter. */
import { eq } from 'drizzle-orm';
import { pageHeaderList } from '../../lib/node/pageHeader.ts';
import { formatDateTime, parseSiteDate } from '../../lib/shared/time.ts';
import { site } from '../../site.config.ts';
import type { Catalog } from '../articles/catalog.ts';
import type { Quota } from '../budgets/quota.ts';
import type { Db } from '../db/client.ts';
import { groupCommitOf } from '../db/groupCommitOf.ts';
import { siteStats } from '../db/schema.ts';
import { countSiteView, SITE_VIEWS } from './counted.ts';

export interface SiteDeps {
  db: Db;
  catalog: Catalog;
  /** Registered users; the accounts module provides it. */
  userCount?: () => Promise<number>;
  /** Whether the site sends mail (`SMTP_URL`): pages offer addresses and resets by mail only then. */
  mailEnabled?: boolean;
  /** Whether the owner lets readers comment without an account (comments/rules.ts). */
  commentGuests?: () => Promise<boolean>;
}

export function createSiteService({
  db,
  catalog,
  userCount = async () => 0,
  mailEnabled = false,
  commentGuests = async () => false,
}: SiteDeps) {
  const headers = pageHeaderList(site.pageHeaders);
  const started = parseSiteDate(site.createdAt);
  if (!started)
    throw new Error(`site.config.ts 里的 createdAt 应是 "YYYY-MM-DD HH:mm:ss" 格式的日期，现在是 "${site.createdAt}"`);
  const createdAt = formatDateTime(started);

  async function viewCount(): Promise<number> {
    const [row] = await db.select({ value: siteStats.value }).from(siteStats).where(eq(siteStats.name, SITE_VIEWS));
    return row?.value ?? 0;
  }

  return {
    async config() {
      return {
        blog_name: site.title,
        blog_avatar: site.avatar,
        avatar_bg: site.avatarBackground,
        personal_say: site.personalSay,
        blog_notice: site.notice,
        qq_link: site.social.qq,
        we_chat_link: site.social.weChat,
        github_link: site.social.github,
        git_ee_link: site.social.gitee,
        bilibili_link: site.social.bilibili,
        view_time: await viewCount(),
        we_chat_group: site.social.weChatGroup,
        qq_group: site.social.qqGroup,
        we_chat_pay: site.payment.weChatQr,
        ali_pay: site.payment.aliPayQr,
        createdAt,
        mail_enabled: mailEnabled,
        comment_guests: await commentGuests(),
      };
    },

    /** Counts a view of the site while the address has quota left, and answers the total either way. */
    addView: (quota: Quota): Promise<number> => groupCommitOf(db).run(countSiteView, quota),

    pageHeaders: () => headers,

    async statistic() {
      return {
        articleCount: catalog.byId.size,
        tagCount: catalog.tags.size,
        categoryCount: catalog.categories.size,
        userCount: await userCount(),
      };
    },

    categories() {
      return [...catalog.categories.values()].map((c) => ({
        id: c.id,
        category_name: c.name,
        articleCount: c.articleIds.length,
      }));
    },

    tags() {
      return [...catalog.tags.values()].map((t) => ({ id: t.id, tag_name: t.name, articleCount: t.articleIds.length }));
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
