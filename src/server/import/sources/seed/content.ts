/**
 * The original's articles and talks as the Bundle has them: its codes read into our words, its
 * categories and tags by name, and every picture as an ImageRef to copy.
 */
import type { ImportedArticle, ImportedTalk, LeftBehind } from '../../bundle.ts';
import { bodyImages, fieldImage } from './images.ts';
import {
  beijingTime,
  createdOf,
  float,
  int,
  leftBehindRow,
  reference,
  text,
  type Row,
  type SeedTables,
} from './rows.ts';

/** Our articles need a category and at least one tag; the original allowed none. */
export const UNCATEGORISED = '未分类';

export const articleKey = (id: unknown) => `seed:article:${String(id)}`;
export const talkKey = (id: unknown) => `seed:talk:${String(id)}`;

const ARTICLE_TYPES: Record<number, ImportedArticle['type']> = { 1: 'original', 2: 'repost', 3: 'translation' };
const TYPE_NAMES = { repost: '转载', translation: '翻译' } as const;

/** Category names by id. */
function categoryNames(rows: Row[]): Map<number, string> {
  return new Map(rows.map((row) => [int(row.id), text(row.category_name).trim()]));
}

/** Each article's tag names, in the order they were given, once each. */
function tagsByArticle(tables: SeedTables): Map<number, string[]> {
  const names = new Map(tables.rows.blog_tag.map((row) => [int(row.id), text(row.tag_name).trim()]));
  const tags = new Map<number, string[]>();
  for (const link of tables.rows.blog_article_tag) {
    const article = reference(link.article_id);
    const name = names.get(reference(link.tag_id) ?? 0);
    if (article === null || !name) continue;
    const list = tags.get(article) ?? [];
    if (!list.includes(name)) list.push(name);
    tags.set(article, list);
  }
  return tags;
}

/** Status 1 public, 2 private, 3 draft; a code the original never wrote stays out of sight. */
function visibility(row: Row, leftBehind: LeftBehind[]): { draft: boolean; private: boolean } {
  const status = int(row.status, 1);
  if (status === 1) return { draft: false, private: false };
  if (status === 3) return { draft: true, private: false };
  if (status !== 2) leftBehind.push(leftBehindRow('blog_article', row, `状态码 ${status} 无法识别，按私密文章导入`));
  return { draft: false, private: true };
}

/** Type 1 original, 2 repost, 3 translation; ours need the original's address for the last two. */
function articleType(row: Row, leftBehind: LeftBehind[]): Pick<ImportedArticle, 'type' | 'origin'> {
  const code = int(row.type, 1);
  const type = ARTICLE_TYPES[code];
  if (!type) {
    leftBehind.push(leftBehindRow('blog_article', row, `文章类型 ${code} 无法识别，按原创导入`));
    return { type: 'original' };
  }
  if (type === 'original') return { type };
  const origin = text(row.origin_url).trim();
  if (/^https?:\/\/\S+$/i.test(origin)) return { type, origin };
  leftBehind.push(
    leftBehindRow(
      'blog_article',
      row,
      origin
        ? `${TYPE_NAMES[type]}文章的原文地址「${origin}」不是网址，按原创导入`
        : `${TYPE_NAMES[type]}文章没有原文地址，按原创导入`,
    ),
  );
  return { type: 'original' };
}

export async function readArticles(
  tables: SeedTables,
  imageDir: string | undefined,
  leftBehind: LeftBehind[],
): Promise<ImportedArticle[]> {
  const categories = categoryNames(tables.rows.blog_category);
  const tags = tagsByArticle(tables);
  const articles: ImportedArticle[] = [];
  for (const row of tables.rows.blog_article) {
    const title = text(row.article_title).trim();
    if (!title) {
      leftBehind.push(leftBehindRow('blog_article', row, '文章没有标题，未导入'));
      continue;
    }
    const id = int(row.id);
    const body = text(row.article_content);
    const cover = await fieldImage(text(row.article_cover), imageDir);
    const description = text(row.article_description).trim();
    const updated = beijingTime(row.updatedAt);
    articles.push({
      key: articleKey(id),
      id,
      title,
      body,
      images: await bodyImages(body, imageDir),
      ...(cover ? { cover } : {}),
      ...(description ? { description } : {}),
      category: categories.get(reference(row.category_id) ?? 0) || UNCATEGORISED,
      tags: tags.get(id) ?? [UNCATEGORISED],
      pinned: int(row.is_top, 2) === 1,
      // The original shows the larger `order` first; ours the smaller.
      order: 0 - int(row.order),
      ...articleType(row, leftBehind),
      date: createdOf(row),
      ...(updated ? { updated } : {}),
      ...visibility(row, leftBehind),
      views: Math.max(0, int(row.view_times)),
      likes: Math.max(0, int(row.thumbs_up_times)),
      // The original front end measures the time spent reading in milliseconds, as a double.
      readingMs: Math.max(0, Math.round(float(row.reading_duration))),
      // `/article?id=N` already redirects to `/article/N` on our server.
      oldPaths: [],
    });
  }
  return articles;
}

export async function readTalks(
  tables: SeedTables,
  imageDir: string | undefined,
  leftBehind: LeftBehind[],
): Promise<ImportedTalk[]> {
  const photos = new Map<number, string[]>();
  for (const photo of tables.rows.blog_talk_photo) {
    const talk = reference(photo.talk_id);
    if (talk === null) continue;
    photos.set(talk, [...(photos.get(talk) ?? []), text(photo.url)]);
  }
  const talks: ImportedTalk[] = [];
  for (const row of tables.rows.blog_talk) {
    const id = int(row.id);
    const images = [];
    for (const url of photos.get(id) ?? []) {
      const image = await fieldImage(url, imageDir);
      if (image) images.push(image);
    }
    const status = int(row.status, 1);
    if (![1, 2, 3].includes(status))
      leftBehind.push(leftBehindRow('blog_talk', row, `状态码 ${status} 无法识别，按私密说说导入`));
    talks.push({
      key: talkKey(id),
      id,
      body: text(row.content),
      images,
      date: createdOf(row),
      pinned: int(row.is_top, 2) === 1,
      private: status !== 1 && status !== 3,
      trashed: status === 3,
      likes: Math.max(0, int(row.like_times)),
    });
  }
  return talks;
}
