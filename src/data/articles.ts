/** Build-time access to the articles collection: every page reads articles through here. */
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';
import { getCollection, type CollectionEntry } from 'astro:content';
import { SHARE_IMAGE_FORMAT, SHARE_IMAGE_WIDTH, imageFacts } from '../lib/node/imageLayout';
import { countNames, pageFields, sortForHome } from '../lib/node/articles';
import { assertUniqueIds } from '../lib/node/contentIds';
import { isLive } from '../lib/shared/contentSchema';
import { folderOf, namePath } from '../lib/shared/namePaths';

type Frontmatter = CollectionEntry<'articles'>['data'];

/**
 * An article as the pages read it: its front matter (every field of the content schema, so a new
 * one reaches the pages by itself) and what the build makes of it.
 */
export type Article = Omit<Frontmatter, 'cover' | 'draft' | 'private'> & {
  entry: CollectionEntry<'articles'>;
  /** The owner's, or the body's first 120 characters. */
  description: string;
  cover?: ImageMetadata;
  /**
   * The cover as one file at a site path: a JPEG 1200 px wide (og:image, the feed and the API's
   * `article_cover` want one plain URL), or the SVG itself.
   */
  coverUrl?: string;
  /** `coverUrl` when link previews can show it (JPEG, PNG or WebP, not SVG). */
  shareImage?: string;
  words: number;
  minutes: number;
};

let cache: Promise<Article[]> | undefined;

async function coverUrls(cover: ImageMetadata | undefined): Promise<Pick<Article, 'coverUrl' | 'shareImage'>> {
  if (!cover) return {};
  const { format, width } = imageFacts(cover);
  if (format === 'svg') return { coverUrl: (await getImage({ src: cover })).src };
  const url = (await getImage({ src: cover, width: Math.min(width, SHARE_IMAGE_WIDTH), format: SHARE_IMAGE_FORMAT }))
    .src;
  return { coverUrl: url, shareImage: url };
}

async function toArticle(entry: CollectionEntry<'articles'>): Promise<Article> {
  const { cover, ...data } = entry.data;
  return { ...pageFields(data, entry.body ?? ''), entry, cover, ...(await coverUrls(cover)) };
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
export const nameParam = (name: string): string | null =>
  !import.meta.env.DEV ? folderOf(name) : name.includes('/') ? null : name;

export const categoryPath = (name: string) => namePath('category', name);
export const tagPath = (name: string) => namePath('tag', name);
