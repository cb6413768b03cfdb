/**
 * The fields of an article's and a talk's front matter, with their Chinese messages: one schema
 * for the build (src/content.config.ts), the server that writes the files, and the console's
 * editor, which shows each message beside its field. Only the cover differs: the build checks it is
 * an image file, the others that it is a path beside the article.
 */
import { z } from 'astro/zod';
import { parseSiteDate } from './time.ts';

import { TALK_IMAGES_MAX } from '../../contract/limits.ts';
import { editedArticleFields, ORIGIN_REQUIRED } from '../../contract/articleFields.ts';

export { ORIGIN_REQUIRED };

const positiveId = z
  .number({ error: 'id 必须是数字' })
  .int({ error: 'id 必须是整数' })
  .positive({ error: 'id 必须大于 0' });

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
 * Every field of an article's front matter but the cover, whose check depends on who reads it:
 * the fields the owner edits (src/contract/articleFields.ts), and those the server keeps.
 */
export const articleFields = {
  id: positiveId,
  ...editedArticleFields,
  date: siteDate,
  updated: siteDate.optional(),
  order: z.number({ error: 'order 必须是数字' }).int().default(0),
  draft: z.boolean({ error: '草稿只能是是或否' }).default(false),
  /** Written but not for readers: built into no page, listed only in the console. */
  private: z.boolean({ error: '公开只能是是或否' }).default(false),
};

/** A cover as the server and the editor see it: a path beside the article, `./covers/…`. */
export const coverPath = z
  .string({ error: '封面必须是图片路径' })
  .regex(/^\.\/covers\/[\w.-]+\.(?:png|jpe?g|webp|gif|svg)$/i, {
    error: '封面必须是上传到文章目录的图片（./covers/ 下）',
  });

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
  images: z
    .array(z.string({ error: '图片必须是地址' }).min(1), { error: '图片必须是地址列表' })
    .max(TALK_IMAGES_MAX, { error: `最多 ${TALK_IMAGES_MAX} 张图片` })
    .default([]),
  pinned: z.boolean({ error: '置顶只能是是或否' }).default(false),
  private: z.boolean({ error: '公开只能是是或否' }).default(false),
};
export const talkFrontmatter = z.object(talkFields);
export type TalkFrontmatter = z.output<typeof talkFrontmatter>;

/** Whether readers see the article now: not a draft, not private, and not dated in the future. */
export const isLive = (a: { draft: boolean; private: boolean; date: Date }, now = new Date()) =>
  !a.draft && !a.private && a.date <= now;
