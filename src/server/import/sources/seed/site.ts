/**
 * The original's site settings (its one `blog_config` row), and the report of what has no place
 * here at all: albums, page headers, the chat room, recommended sites, notifications, and tables an
 * older version of the original did not have yet.
 */
import type { ImportedSite, LeftBehind } from '../../bundle.ts';
import { int, text, type CountedTable, type ReadTable, type Row, type SeedTables } from './rows.ts';

/** Our social link names, and the original's column for each. */
const LINK_COLUMNS = {
  github: 'github_link',
  gitee: 'git_ee_link',
  bilibili: 'bilibili_link',
  qq: 'qq_link',
  wechat: 'we_chat_link',
  qqGroup: 'qq_group',
  wechatGroup: 'we_chat_group',
} as const;

export function readSite(rows: Row[], leftBehind: LeftBehind[]): ImportedSite {
  const [config] = rows;
  if (!config) return {};
  const field = (column: string) => text(config[column]).trim() || undefined;
  const links: Record<string, string> = {};
  for (const [name, column] of Object.entries(LINK_COLUMNS)) {
    const value = field(column);
    if (value) links[name] = value;
  }
  const site: ImportedSite = {
    name: field('blog_name'),
    avatar: field('blog_avatar'),
    notice: field('blog_notice'),
    motto: field('personal_say'),
    ...(Object.keys(links).length > 0 ? { links } : {}),
    wechatPay: field('we_chat_pay'),
    aliPay: field('ali_pay'),
    views: config.view_time === null || config.view_time === undefined ? undefined : Math.max(0, int(config.view_time)),
  };
  if (field('avatar_bg'))
    leftBehind.push({ where: 'blog_config.avatar_bg', reason: '本站没有头像背景图这一设置，未导入' });
  if (rows.length > 1)
    leftBehind.push({
      where: `blog_config（${rows.length} 行）`,
      reason: '只导入了 id 最小的一行设置，其余各行未导入',
    });
  return Object.fromEntries(Object.entries(site).filter(([, value]) => value !== undefined));
}

const NO_PLACE: Record<CountedTable, string> = {
  blog_photo_album: '本站没有相册，相册未导入',
  blog_photo: '本站没有相册，相册里的照片未导入',
  blog_header: '本站没有按页面设置的头图，页面头图未导入',
  blog_chat: '本站没有聊天室，聊天记录未导入',
  blog_recommend: '本站没有推荐网站列表，推荐网站未导入',
  blog_notify: '通知不迁移，新站点重新开始',
};

/** One line for each table with rows that have nothing to go to here. */
export function noPlaceFor(counts: SeedTables['counts']): LeftBehind[] {
  return (Object.entries(counts) as [CountedTable, number][])
    .filter(([, count]) => count > 0)
    .map(([table, count]) => ({ where: `${table}（${count} 行）`, reason: NO_PLACE[table] }));
}

/** One line for each table the import reads that the database does not have. */
export function missingTables(missing: ReadTable[]): LeftBehind[] {
  return missing.map((table) => ({
    where: table,
    reason: '数据库里没有这张表（可能是原博客的旧版本），按空表处理',
  }));
}
