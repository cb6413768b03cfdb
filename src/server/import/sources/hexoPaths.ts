/**
 * The addresses a Hexo or Hugo article had, rebuilt as each engine builds them, so that links to
 * the old site (search engines, other blogs) keep working through our redirects.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { SiteLayout } from './hexoSite.ts';
import { normalizeOldPath } from './oldPath.ts';
import { asText, siteClockParts, type Notes } from './tidy.ts';

const TOKEN = /:(\w+)/g;

/** A pattern with its tokens filled, or the first token that has no value. */
export function fillPattern(pattern: string, tokens: Record<string, string | undefined>): string | { missing: string } {
  let missing: string | null = null;
  const filled = pattern.replace(TOKEN, (whole, name: string) => {
    const value = tokens[name];
    if (value === undefined || value === '') missing ??= name;
    return value ?? whole;
  });
  return missing ? { missing } : filled;
}

/** hexo-util's `slugize`: what Hexo makes of a name in an address. */
export const hexoSlug = (name: string) =>
  name
    .replace(/\p{Cc}/gu, '')
    .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'<>,.?/]+/g, '-')
    .replace(/^-|-$/g, '');

/** Hugo's `urlize`, near enough: lower case, spaces to hyphens, only what a path segment keeps. */
export const hugoSlug = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{N}\p{M}._~+-]/gu, '');

export interface PostFacts {
  /** The file's path from the posts folder, with `/`. */
  rel: string;
  frontMatter: Record<string, unknown>;
  title: string;
  date: Date;
  /** The first category hierarchy, from the top. */
  categoryPath: string[];
}

const withoutExtension = (file: string) => file.replace(/\.[^./]+$/, '');

/** Every front-matter field that is a word or a number, as Hexo lets a permalink use any of them. */
const scalarFields = (frontMatter: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(frontMatter).flatMap(([key, value]) => {
      const text = asText(value);
      return text === null ? [] : [[key, text]];
    }),
  );

function hexoPaths(post: PostFacts, layout: SiteLayout, note: Notes): string[] {
  const fm = post.frontMatter;
  const permalinkField = asText(fm.permalink);
  // Hexo serves every address under the site's `root`, a post's own `permalink` included.
  const underRoot = (address: string) =>
    [normalizeOldPath(address.replace(/^\/+/, ''), layout.urlRoot)].filter((p) => p !== null);
  if (permalinkField) return underRoot(permalinkField);
  const abbrlink = asText(fm.abbrlink);
  // Without the site's configuration, hexo-abbrlink's suggested `posts/:abbrlink/`, or Hexo's default.
  const pattern = layout.permalink ?? (abbrlink ? 'posts/:abbrlink/' : ':year/:month/:day/:title/');
  const slug = asText(fm.slug) ?? withoutExtension(post.rel);
  const clock = siteClockParts(post.date);
  const unix = Math.floor(post.date.getTime() / 1000);
  const category = post.categoryPath.length
    ? post.categoryPath.map((name) => layout.categoryMap[name] ?? hexoSlug(name)).join('/')
    : layout.defaultCategory;
  const tokens = {
    ...scalarFields(fm),
    ...clock,
    i_month: String(Number(clock.month)),
    i_day: String(Number(clock.day)),
    title: slug,
    name: path.posix.basename(slug),
    post_title: hexoSlug(post.title).toLowerCase(),
    category,
    id: asText(fm.id) ?? asText(fm._id) ?? undefined,
    hash: createHash('sha1')
      .update(slug + String(unix))
      .digest('hex')
      .slice(0, 12),
  };
  const filled = fillPattern(pattern, tokens);
  if (typeof filled !== 'string') {
    note(`旧地址格式 ${pattern} 中的 :${filled.missing} 这篇文章没有，旧地址未记录`);
    return [];
  }
  return underRoot(filled);
}

function hugoPaths(post: PostFacts, layout: SiteLayout, note: Notes): string[] {
  const fm = post.frontMatter;
  const section = path.basename(layout.postsDir);
  const bundle = /(?:^|\/)index\.[^/]+$/.test(post.rel);
  const fileName = bundle
    ? path.posix.basename(path.posix.dirname(post.rel))
    : withoutExtension(path.posix.basename(post.rel));
  const relDir = path.posix.dirname(bundle ? path.posix.dirname(post.rel) : post.rel);
  const dir = `/${section}/${relDir === '.' ? '' : `${relDir}/`}`;
  const slug = asText(fm.slug);
  const paths: string[] = [];
  const url = asText(fm.url);
  if (url) paths.push(url);
  else {
    const pattern = layout.permalink;
    const clock = siteClockParts(post.date);
    const tokens = {
      ...clock,
      section,
      sections: `${section}${relDir === '.' ? '' : `/${relDir}`}`,
      title: hugoSlug(post.title),
      slug: slug ?? hugoSlug(post.title),
      filename: fileName,
      contentbasename: fileName,
      slugorfilename: slug ?? fileName,
    };
    const filled = pattern ? fillPattern(pattern, tokens) : `${dir}${slug ?? fileName}/`;
    if (typeof filled === 'string') {
      const ugly = layout.uglyUrls ? filled.replace(/\/$/, '.html') : filled;
      // Hugo writes its addresses in lower case unless told otherwise.
      paths.push(ugly.toLowerCase());
    } else note(`旧地址格式 ${pattern} 中的 :${filled.missing} 无法还原，旧地址未记录`);
  }
  // An alias without a leading slash is relative to the article's section folder.
  const aliases = Array.isArray(fm.aliases) ? fm.aliases : fm.aliases === undefined ? [] : [fm.aliases];
  const normalized = paths.map((p) => normalizeOldPath(p));
  for (const alias of aliases) {
    const text = asText(alias);
    if (text) normalized.push(normalizeOldPath(text, dir));
  }
  return normalized.filter((p) => p !== null);
}

/** The old addresses of one article, each once. */
export function oldPathsOf(post: PostFacts, layout: SiteLayout, note: Notes): string[] {
  const paths = layout.kind === 'hexo' ? hexoPaths(post, layout, note) : hugoPaths(post, layout, note);
  return [...new Set(paths)];
}
