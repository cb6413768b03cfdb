/** The import's report, in the owner's words: the dry run's plan, and what `--apply` did. */
import type { LeftBehind } from './bundle.ts';
import type { ImportResult } from './apply.ts';
import type { Kind, Plan } from './plan.ts';

const KINDS: [Kind, string, string][] = [
  ['articles', '文章', '篇'],
  ['talks', '说说', '条'],
  ['users', '用户', '个'],
  ['messages', '留言', '条'],
  ['comments', '评论', '条'],
  ['likes', '点赞', '个'],
  ['links', '友链', '个'],
];

const counts = (by: Record<Kind, number>) =>
  KINDS.filter(([kind]) => by[kind] > 0)
    .map(([kind, name, unit]) => `${name} ${by[kind]} ${unit}`)
    .join('，') || '无';

const lines = (title: string, items: string[]) =>
  items.length ? [`${title}（${items.length}）：`, ...items.map((item) => `  - ${item}`)] : [];

const listed = (items: LeftBehind[]) => items.map(({ where, reason }) => `${where}：${reason}`);

export function planReport(plan: Plan): string {
  const created: Record<Kind, number> = {
    articles: plan.articles.length,
    talks: plan.talks.length,
    users: plan.users.filter((u) => u.mergeInto === undefined).length,
    messages: plan.messages.length,
    comments: plan.comments.length,
    likes: plan.likes.length,
    links: plan.links.length,
  };
  const { files, urls, unknown } = plan.images;
  const site = plan.site;
  return [
    `导入来源：${plan.source}`,
    `将新建：${counts(created)}`,
    ...(plan.guestLikes ? [`游客点赞 ${plan.guestLikes} 个：不单独保存，已计入各自的点赞数`] : []),
    `图片：从文件复制 ${files} 张，从网上下载 ${urls} 张，找不到来源 ${unknown} 张`,
    ...(Object.keys(site).length
      ? [
          `站点设置：${[site.name && '名称', site.avatar && '头像', site.notice && '公告', site.motto && '签名', site.links && '社交链接', (site.wechatPay || site.aliPay) && '收款码'].filter(Boolean).join('、') || '无'}${site.views ? `；总访问量加上 ${site.views}` : ''}`,
        ]
      : []),
    `以前导入过、这次跳过：${counts(plan.already)}`,
    ...lines('与本站已有内容冲突，处理方式', plan.conflicts),
    ...lines('无法迁移', listed(plan.leftBehind)),
  ].join('\n');
}

export function resultReport(result: ImportResult): string {
  return [
    `已导入：${counts(result.created)}`,
    `图片：复制或下载了 ${result.imagesCopied} 张`,
    ...(result.redirects ? [`旧地址跳转：新增 ${result.redirects} 条（内容目录的 redirects.yaml）`] : []),
    ...lines(
      '站点设置已写入 src/site.config.ts',
      result.siteChanges.map((c) => `${c.what}：${c.value}`),
    ),
    ...lines('导入时发现的问题', listed(result.problems)),
  ].join('\n');
}
