/**
 * A WordPress blog from its export file (Tools → Export, WXR): the posts and their approved
 * comments, with pictures taken from a copy of `wp-content/uploads` when the owner has one, and
 * from the old site's address otherwise. Pages, authors and what else WordPress keeps are listed
 * as left behind.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { emptyBundle, type Bundle, type ImageRef, type ImportedArticle } from '../bundle.ts';
import { fileInside } from './localImages.ts';
import { findMarkdownImages, type NamedImage } from './markdownImages.ts';
import { normalizeOldPath } from './oldPath.ts';
import { notesInto, parseImportDate, tidyCategory, tidyDescription, tidyTags, tidyTitle, type Notes } from './tidy.ts';
import { readComments } from './wxrComments.ts';
import { embedsIn, htmlToText, postToMarkdown, shortcodesIn } from './wxrHtml.ts';
import { listOf, metaOf, parseWxr, termsOf, textOf, wpDate, type XmlNode } from './wxrXml.ts';

interface Places {
  uploadsDir?: string;
  /** The old site's address, for pictures named by a path alone. */
  siteUrl: URL | null;
  /** The hosts the site's own uploads were served from: a picture elsewhere is someone else's. */
  siteHosts: Set<string>;
}

const UPLOADS = '/wp-content/uploads/';

const urlOrNull = (text: string, base?: URL | null) => {
  try {
    return new URL(text, base ?? undefined);
  } catch {
    return null;
  }
};

/** The file in the uploads copy a picture's address names: as named, or the original a resized copy (`-300x200`) was made from. */
async function uploadedFile(url: URL, places: Places): Promise<string | null> {
  const at = url.pathname.indexOf(UPLOADS);
  if (!places.uploadsDir || at < 0 || !places.siteHosts.has(url.hostname)) return null;
  let rest = url.pathname.slice(at + UPLOADS.length);
  try {
    rest = decodeURIComponent(rest);
  } catch {
    // A broken escape: looked up as written.
  }
  for (const name of [rest, rest.replace(/-\d{1,5}x\d{1,5}(\.\w+)$/, '$1')]) {
    const found = await fileInside(path.join(places.uploadsDir, name), places.uploadsDir);
    if (found && found !== 'outside') return found;
  }
  return null;
}

async function resolveImage(named: NamedImage, places: Places): Promise<ImageRef> {
  const url = urlOrNull(named.target, places.siteUrl);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return { ref: named.ref, from: null };
  const file = await uploadedFile(url, places);
  if (file) return { ref: named.ref, from: { file } };
  return { ref: named.ref, from: { url: /^https?:\/\//i.test(named.target) ? named.target : url.href } };
}

type Visibility = { draft: boolean; private: boolean; published: boolean } | null;

/** What WordPress's status means here; null for a post that does not come over. */
function visibilityOf(status: string, note: Notes): Visibility {
  switch (status) {
    case 'publish':
      return { draft: false, private: false, published: true };
    // Scheduled: ours publishes by itself when its date comes, as WordPress would have.
    case 'future':
      return { draft: false, private: false, published: false };
    case 'private':
      return { draft: false, private: true, published: true };
    case 'draft':
    case 'pending':
    case 'auto-draft':
      return { draft: true, private: false, published: false };
    case 'trash':
      note('在回收站里，未导入');
      return null;
    default:
      note(`状态「${status}」无法对应，作为草稿导入`);
      return { draft: true, private: false, published: false };
  }
}

async function readPost(item: XmlNode, places: Places, attachments: Map<string, string>, bundle: Bundle) {
  const id = textOf(item['wp:post_id']).trim();
  const rawTitle = textOf(item.title).trim();
  const note = notesInto(bundle.leftBehind, `文章「${rawTitle || '无标题'}」（ID ${id}）`);
  const visibility = visibilityOf(textOf(item['wp:status']).trim(), note);
  if (!visibility) return;
  const key = `wxr:post:${id}`;
  const locked = Boolean(textOf(item['wp:post_password']).trim());
  if (locked) note('原文设有访问密码，导入后设为私密（密码不迁移）');

  const html = textOf(item['content:encoded']);
  const body = postToMarkdown(html);
  for (const name of shortcodesIn(html)) note(`WordPress 短代码 [${name}] 原样保留为文字`);
  for (const tag of embedsIn(html)) note(`嵌入的 <${tag}> 改为指向其地址的链接`);
  const images: ImageRef[] = [];
  for (const named of findMarkdownImages(body)) images.push(await resolveImage(named, places));
  const thumbnail = attachments.get(metaOf(item, '_thumbnail_id')?.trim() ?? '');
  const cover = thumbnail ? await resolveImage({ ref: thumbnail, target: thumbnail }, places) : undefined;

  // The GMT date is the moment; the local one is in the WordPress site's own zone (UTC unless
  // its owner set one), which the export does not name: used only where a draft has no GMT date.
  const gmt = wpDate(item['wp:post_date_gmt']);
  let date = gmt ? parseImportDate(`${gmt}Z`) : null;
  date ??= parseImportDate(wpDate(item['wp:post_date']));
  if (!date) {
    note('没有可用的发布日期，改用导入时间');
    date = new Date();
  }
  const modifiedGmt = wpDate(item['wp:post_modified_gmt']);
  const modified = modifiedGmt ? parseImportDate(`${modifiedGmt}Z`) : parseImportDate(wpDate(item['wp:post_modified']));

  const categories = termsOf(item, 'category');
  const category = tidyCategory(categories[0] ?? null, note);
  if (categories.length > 1) note(`原有多个分类（${categories.join('、')}），只保留了「${category}」`);

  const oldPaths: string[] = [];
  // Only what was published had an address a reader could have kept.
  if (visibility.published) {
    const link = normalizeOldPath(textOf(item.link));
    if (link) oldPaths.push(link);
    oldPaths.push(`/?p=${id}`);
  }

  if (!rawTitle) note('没有标题，以文章 ID 作标题');
  const description = tidyDescription(htmlToText(textOf(item['excerpt:encoded'])), note);
  const article: ImportedArticle = {
    key,
    title: tidyTitle(rawTitle || `无标题（ID ${id}）`, note),
    body,
    images,
    ...(cover ? { cover } : {}),
    ...(description ? { description } : {}),
    category,
    tags: tidyTags(termsOf(item, 'post_tag'), note),
    pinned: textOf(item['wp:is_sticky']).trim() === '1',
    order: 0,
    type: 'original',
    date,
    ...(modified && modified > date ? { updated: modified } : {}),
    draft: visibility.draft,
    private: visibility.private || locked,
    views: 0,
    likes: 0,
    readingMs: 0,
    oldPaths,
  };
  bundle.articles.push(article);

  const { comments, leftOut } = readComments(item, key);
  bundle.comments.push(...comments);
  if (leftOut) note(`评论未导入：${leftOut}`);
}

/** The hosts the site is known by: its own addresses and every attachment's. */
function siteHostsOf(channel: XmlNode, attachmentUrls: string[]): Set<string> {
  const addresses = [channel['wp:base_site_url'], channel['wp:base_blog_url'], channel.link].map(textOf);
  return new Set(
    [...addresses, ...attachmentUrls]
      .map((address) => urlOrNull(address.trim())?.hostname)
      .filter((h) => h !== undefined),
  );
}

/** A WordPress export file. `uploadsDir`: a copy of the site's `wp-content/uploads`. */
export async function readWxr(file: string, options: { uploadsDir?: string }): Promise<Bundle> {
  const uploadsDir = options.uploadsDir ? path.resolve(options.uploadsDir) : undefined;
  if (uploadsDir && !(await stat(uploadsDir).catch(() => null))?.isDirectory())
    throw new Error(`找不到上传文件夹：${uploadsDir}`);
  const { channel, items } = parseWxr(await readFile(file, 'utf8'));
  // The site by its address: the same blog exported again is the same site, wherever the file lies.
  const home = textOf(channel['wp:base_blog_url']).trim() || textOf(channel.link).trim();
  const bundle = emptyBundle(`WordPress 导出文件 ${path.resolve(file)}`, `wordpress:${home}`);

  const name = textOf(channel.title).trim();
  const motto = textOf(channel.description).trim();
  if (name) bundle.site.name = name;
  if (motto) bundle.site.motto = motto;

  const authors = listOf(channel['wp:author']).map((author) => {
    const login = textOf(author['wp:author_login']).trim();
    const shown = textOf(author['wp:author_display_name']).trim();
    return shown && shown !== login ? `${shown}（${login}）` : login;
  });
  if (authors.length)
    bundle.leftBehind.push({ where: 'WordPress 作者', reason: `作者账号不迁移，文章归站长：${authors.join('、')}` });

  const attachments = new Map<string, string>();
  for (const item of items) {
    if (textOf(item['wp:post_type']).trim() !== 'attachment') continue;
    const url = textOf(item['wp:attachment_url']).trim() || textOf(item.guid).trim();
    if (url) attachments.set(textOf(item['wp:post_id']).trim(), url);
  }
  const siteUrl = urlOrNull(textOf(channel['wp:base_blog_url']).trim() || textOf(channel.link).trim());
  const places: Places = { uploadsDir, siteUrl, siteHosts: siteHostsOf(channel, [...attachments.values()]) };

  const others = new Map<string, number>();
  for (const item of items) {
    const type = textOf(item['wp:post_type']).trim();
    if (type === 'post') await readPost(item, places, attachments, bundle);
    else if (type === 'page') {
      const comments = listOf(item['wp:comment']).length;
      bundle.leftBehind.push({
        where: `页面「${textOf(item.title).trim() || '无标题'}」（ID ${textOf(item['wp:post_id']).trim()}）`,
        reason: `页面没有对应的位置，未导入${comments ? `（含 ${comments} 条评论）` : ''}`,
      });
    } else if (type !== 'attachment') others.set(type || '未知', (others.get(type || '未知') ?? 0) + 1);
  }
  for (const [type, count] of others)
    bundle.leftBehind.push({ where: `WordPress 内容类型 ${type}`, reason: `${count} 项没有对应的位置，未导入` });
  return bundle;
}
