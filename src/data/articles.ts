/** Build-time access to the articles collection: every page reads articles through here. */
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';
import { getCollection, type CollectionEntry } from 'astro:content';
import { SHARE_IMAGE_FORMAT, SHARE_IMAGE_WIDTH, imageFacts } from '../lib/node/imageLayout';
import { countNames, sortForHome, type ArticleMeta } from '../lib/node/articles';
import { assertUniqueIds } from '../lib/node/contentIds';
import { isLive } from '../lib/shared/contentSchema';
import { folderOf, namePath } from '../lib/shared/namePaths';
import { countWords, plainText, readingMinutes } from '../lib/node/reading';

export interface Article extends ArticleMeta {
  entry: CollectionEntry<'articles'>;
  description: string;
  cover?: ImageMetadata;
  /**
   * The cover as one file at a site path: a JPEG 1200 px wide (og:image, the feed and the API's
   * `article_cover` want one plain URL), or the SVG itself.
   */
  coverUrl?: string;
  /** `coverUrl` when link previews can show it (JPEG, PNG or WebP, not SVG). */
  shareImage?: string;
  type: 'original' | 'repost' | 'translation';
  origin_url?: string;
  updated?: Date;
  words: number;
  minutes: number;
}

let cache: Promise<Article[]> | undefined;

async function coverUrls(cover: ImageMetadata | undefined): Promise<Pick<Article, 'coverUrl' | 'shareImage'>> {
  if (!cover) return {};
  const { format, width } = imageFacts(cover);
  if (format === 'svg') return { coverUrl: (await getImage({ src: cover })).src };
  const url = (await getImage({ src: cover, width: Math.min(width, SHARE_IMAGE_WIDTH), format: SHARE_IMAGE_FORMAT })).src;
  return { coverUrl: url, shareImage: url };
}

async function toArticle(entry: CollectionEntry<'articles'>): Promise<Article> {
  const d = entry.data;
  const body = entry.body ?? '';
  const words = countWords(body);
  return {
    entry,
    id: d.id,
    title: d.title,
    date: d.date,
    updated: d.updated,
    category: d.category,
    tags: d.tags,
    pinned: d.pinned,
    order: d.order,
    cover: d.cover,
    ...(await coverUrls(d.cover)),
    type: d.type,
    origin_url: d.origin_url,
    description: d.description || plainText(body).slice(0, 120),
    words,
    minutes: readingMinutes(words),
  };
}

async function load(): Promise<Article[]> {
  const entries = await getCollection('articles');
  assertUniqueIds(entries.map((e) => ({ id: e.data.id, file: e.filePath ?? e.id })));
  return Promise.all(entries.filter((e) => isLive(e.data) || import.meta.env.DEV).map(toArticle));
}

/** Published articles in home order (pinned, then order, then newest). */
export async function getArticles(): Promise<Article[]> {
  if (import.meta.env.DEV) return load().then(sortForHome);
  cache ??= load().then(sortForHome);
  return cache;
}

export async function getCategories() {
  return countNames((await getArticles()).map((a) => a.category));
}

export async function getTags() {
  return countNames((await getArticles()).flatMap((a) => a.tags));
}

export const articlePath = (id: number) => `/article/${id}`;
/**
 * The route parameter of a tag's or category's page, null for no page: the name's folder
 * (namePaths.ts). The dev server matches a request by its decoded path instead, so there it is the
 * name itself, and a name holding `/` has no page in dev.
 */
export const nameParam = (name: string): string | null => (!import.meta.env.DEV ? folderOf(name) : name.includes('/') ? null : name);

export const categoryPath = (name: string) => namePath('category', name);
export const tagPath = (name: string) => namePath('tag', name);
