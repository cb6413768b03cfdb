/**
 * The fields of an article's and a talk's front matter, with their Chinese messages: one schema
 * for the build (src/content.config.ts), the server that writes the files, and the console's
 * editor, which shows each message beside its field. Only the cover differs: the build checks it is
 * an image file, the others that it is a path beside the article.
 */
import { z } from 'astro/zod';
import { parseSiteDate } from './time.ts';

import { ARTICLE_DESCRIPTION_MAX as DESCRIPTION_MAX, ARTICLE_TAGS_MAX as TAGS_MAX, ARTICLE_TITLE_MAX as TITLE_MAX, TALK_IMAGES_MAX, TAXONOMY_NAME_MAX as NAME_MAX } from '../../contract/limits.ts';
import { ARTICLE_TYPES, type ArticleType } from '../../contract/writing.ts';

// Zod compiles checks with `new Function` unless told not to: the console's pages allow no eval.
z.config({ jitless: true });

const positiveId = z.number({ error: 'id 必须是数字' }).int({ error: 'id 必须是整数' }).positive({ error: 'id 必须大于 0' });

/** A date on the owner's wall clock (see parseSiteDate). */
export const siteDate = z.union([z.string(), z.date()], { error: '请填写日期' }).transform((value, ctx) => {
  const date = parseSiteDate(value);
  if (!date) {
    ctx.addIssue({ code: 'custom', message: '日期格式应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss' });
    return z.NEVER;
  }
  return date;
});

/**
 * A category's or tag's name. Each one gets a page at an address made from it (namePaths.ts), so
 * anything an address can carry is allowed (`C#`, `../x`, `100%`, `测试/分类`); what no address or
 * file name can hold is refused: control characters (a line break), a broken character (half of an
 * emoji's UTF-16 pair), and `.` or `..`, which a browser takes for a folder. The length keeps the
 * page's folder name within what a file system allows.
 */
export const taxonomyName = (what: string) =>
  z
    .string({ error: `请填写${what}` })
    .trim()
    .min(1, { error: `请填写${what}` })
    .max(NAME_MAX, { error: `${what}最多 ${NAME_MAX} 个字` })
    .refine((value) => !/\p{Cc}/u.test(value), { error: `${what}不能含有换行、制表符等控制字符` })
    .refine((value) => !/[\uD800-\uDFFF]/u.test(value), { error: `${what}含有残缺的字符，请重新输入` })
    .refine((value) => value !== '.' && value !== '..', { error: `${what}不能是 . 或 ..（网址里它们表示上一级目录）` });

/** Everything but the cover, whose check depends on who reads it. */
export const articleFields = {
  id: positiveId,
  title: z.string({ error: '请填写标题' }).trim().min(1, { error: '请填写标题' }).max(TITLE_MAX, { error: `标题最多 ${TITLE_MAX} 个字` }),
  date: siteDate,
  updated: siteDate.optional(),
  category: taxonomyName('分类'),
  tags: z.array(taxonomyName('标签'), { error: '请至少填写一个标签' }).min(1, { error: '请至少填写一个标签' }).max(TAGS_MAX, { error: `标签最多 ${TAGS_MAX} 个` }),
  description: z.string({ error: '摘要必须是文字' }).max(DESCRIPTION_MAX, { error: `摘要最多 ${DESCRIPTION_MAX} 个字` }).optional(),
  pinned: z.boolean({ error: '置顶只能是是或否' }).default(false),
  order: z.number({ error: 'order 必须是数字' }).int().default(0),
  draft: z.boolean({ error: '草稿只能是是或否' }).default(false),
  /** Written but not for readers: built into no page, listed only in the console. */
  private: z.boolean({ error: '公开只能是是或否' }).default(false),
  type: z.enum(ARTICLE_TYPES, { error: '文章类型只能是原创、转载或翻译' }).default('original'),
  origin_url: z.url({ error: '原文链接必须是完整的网址（http:// 或 https:// 开头）', protocol: /^https?$/ }).optional(),
};

/** The rule that ties two fields together, for both readers of the schema. */
export const ORIGIN_REQUIRED = {
  check: (a: { type: ArticleType; origin_url?: string }) => a.type === 'original' || Boolean(a.origin_url),
  message: '转载或翻译的文章必须填写原文链接',
  path: ['origin_url'],
};

/** A cover as the server and the editor see it: a path beside the article, `./covers/…`. */
export const coverPath = z
  .string({ error: '封面必须是图片路径' })
  .regex(/^\.\/covers\/[\w.-]+\.(?:png|jpe?g|webp|gif|svg)$/i, { error: '封面必须是上传到文章目录的图片（./covers/ 下）' });

/** The article's front matter as the server writes it and the editor checks it. */
export const articleFrontmatter = z
  .object({ ...articleFields, cover: coverPath.optional() })
  .refine(ORIGIN_REQUIRED.check, { message: ORIGIN_REQUIRED.message, path: ORIGIN_REQUIRED.path });
export type ArticleFrontmatter = z.output<typeof articleFrontmatter>;

/**
 * The article's front matter as the build checks a file before Astro reads it: the cover is any
 * path beside the article (a hand-written one need not be under ./covers/), which the build then
 * checks is an image there (src/lib/node/articleLoader.ts).
 */
export const articleSource = z
  .object({ ...articleFields, cover: z.string({ error: '封面必须是图片路径' }).optional() })
  .refine(ORIGIN_REQUIRED.check, { message: ORIGIN_REQUIRED.message, path: ORIGIN_REQUIRED.path });

export const talkFields = {
  id: positiveId,
  date: siteDate,
  images: z.array(z.string({ error: '图片必须是地址' }).min(1), { error: '图片必须是地址列表' }).max(TALK_IMAGES_MAX, { error: `最多 ${TALK_IMAGES_MAX} 张图片` }).default([]),
  pinned: z.boolean({ error: '置顶只能是是或否' }).default(false),
  private: z.boolean({ error: '公开只能是是或否' }).default(false),
};
export const talkFrontmatter = z.object(talkFields);
export type TalkFrontmatter = z.output<typeof talkFrontmatter>;

/** Whether readers see the article now: not a draft, not private, and not dated in the future. */
export const isLive = (a: { draft: boolean; private: boolean; date: Date }, now = new Date()) => !a.draft && !a.private && a.date <= now;
