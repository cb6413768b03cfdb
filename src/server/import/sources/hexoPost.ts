/** One Hexo or Hugo post file, as the article it becomes here. */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ImageRef, ImportedArticle, LeftBehind } from '../bundle.ts';
import { isNo, isYes, readCategories, readCover, readPinned, readTags, splitPost } from './hexoFrontMatter.ts';
import { oldPathsOf } from './hexoPaths.ts';
import type { SiteLayout } from './hexoSite.ts';
import { resolveLocalImage, type ImagePlaces } from './localImages.ts';
import { findMarkdownImages, markdownNodes, parseMarkdown } from './markdownImages.ts';
import { asText, notesInto, parseImportDate, tidyCategory, tidyDescription, tidyTags, tidyTitle } from './tidy.ts';

export interface PostFile {
  file: string;
  /** From the posts (or drafts) folder, with `/`. */
  rel: string;
  key: string;
  /** In Hexo's `_drafts`. */
  draftFolder: boolean;
}

/**
 * The template tags the text keeps as they were, since ours has no such thing: Hexo's tag plugins
 * (`{% note info %}`) and Hugo's shortcodes (`{{< figure >}}`). Code is left out: there they
 * are what the post is showing, as Hexo and Hugo leave them too.
 */
/**
 * Hexo's `{% asset_img pic.png 说明 %}`, the usual way to show a picture of the post's asset
 * folder, as the Markdown picture it draws: its file then comes along like any picture beside a post.
 */
const withAssetImages = (body: string) =>
  body.replace(/\{%\s*asset_img\s+([^\s%]+)((?:\s[^%]*)?)%\}/g, (_, src: string, title: string) => {
    const alt = title.trim().replace(/^(["'])(.*)\1$/, '$2');
    return `![${alt.replace(/[[\]]/g, '')}](${src})`;
  });

function templateTags(body: string): { hexo: string[]; hugo: string[] } {
  const hexo = new Set<string>();
  const hugo = new Set<string>();
  for (const node of markdownNodes(parseMarkdown(body))) {
    if ((node.type !== 'text' && node.type !== 'html') || !node.value) continue;
    for (const [, name] of node.value.matchAll(/\{%-?\s*(\w+)/g)) if (!name.startsWith('end')) hexo.add(name);
    for (const [, name] of node.value.matchAll(/\{\{[<%]\s*([\w-]+)/g)) hugo.add(name);
  }
  return { hexo: [...hexo], hugo: [...hugo] };
}

/** A date field: absent (undefined), or what it says, or null when it says nothing we can read. */
function dateField(value: unknown): Date | null | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return parseImportDate(value);
}

/** The picture places of a post: beside it, in Hexo's asset folder named as it, under the site's root. */
function imagePlaces(post: PostFile, layout: SiteLayout): ImagePlaces {
  const postDir = path.dirname(post.file);
  return {
    postDir,
    assetDir: layout.kind === 'hexo' ? path.join(postDir, path.basename(post.file).replace(/\.[^.]+$/, '')) : undefined,
    rootDirs: layout.rootDirs,
    urlRoot: layout.urlRoot,
    siteRoot: layout.siteRoot,
  };
}

/** The article a post file makes, or null (with the reason in `leftBehind`) when it cannot be read. */
export async function readPost(
  post: PostFile,
  layout: SiteLayout,
  leftBehind: LeftBehind[],
): Promise<ImportedArticle | null> {
  const where = path.relative(layout.siteRoot, post.file).split(path.sep).join('/');
  const note = notesInto(leftBehind, where);
  let parsed: ReturnType<typeof splitPost>;
  try {
    const text = (await readFile(post.file, 'utf8')).replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
    parsed = splitPost(text);
  } catch (error) {
    // The parser's first line says what and where; the rest is the excerpt it quotes.
    note(`无法解析，未导入：${(error as Error).message.split('\n')[0].trim()}`);
    return null;
  }
  const { frontMatter: fm } = parsed;
  const body = withAssetImages(parsed.body);

  const bundleDir = /(?:^|\/)index\.[^/]+$/.test(post.rel);
  const fileName = path.basename(bundleDir ? path.dirname(post.file) : post.file).replace(/\.[^.]+$/, '');
  let title = asText(fm.title)?.trim();
  if (!title) {
    note(`没有标题，以文件名「${fileName}」作标题`);
    title = fileName;
  }
  title = tidyTitle(title, note);

  let date = dateField(fm.date ?? fm.publishDate ?? fm.pubDate);
  if (!date) {
    // Hexo itself dates a post without one by its file.
    note(
      date === null
        ? `日期「${String(fm.date ?? fm.publishDate ?? fm.pubDate)}」无法识别，改用文件的修改时间`
        : '没有日期，改用文件的修改时间',
    );
    date = (await stat(post.file)).mtime;
  }
  const updatedValue = fm.updated ?? fm.lastmod ?? fm.modified;
  const updated = dateField(updatedValue);
  if (updated === null) note(`更新日期「${String(updatedValue)}」无法识别，已舍弃`);

  const categories = readCategories(fm.categories ?? fm.category, layout.kind);
  const category = tidyCategory(categories.first, note);
  if (categories.dropped) note(`原有多个或分层的分类（${categories.dropped}），只保留了「${category}」`);
  const tags = tidyTags(readTags(fm.tags ?? fm.tag), note);

  const places = imagePlaces(post, layout);
  const resolve = async (named: Parameters<typeof resolveLocalImage>[0]): Promise<ImageRef> => {
    const { image, problem } = await resolveLocalImage(named, places);
    if (problem) note(problem);
    return image;
  };
  const images: ImageRef[] = [];
  for (const named of findMarkdownImages(body)) images.push(await resolve(named));
  const coverRef = readCover(fm);
  const cover = coverRef ? await resolve({ ref: coverRef, target: coverRef }) : undefined;

  const tagsKept = templateTags(body);
  for (const name of tagsKept.hexo) note(`Hexo 标签插件 {% ${name} %} 原样保留为文字`);
  for (const name of tagsKept.hugo) note(`Hugo 短代码 {{< ${name} >}} 原样保留为文字`);

  // An encrypted post (hexo-blog-encrypt) was for those given the password: here it waits, private, for the owner.
  const locked = Boolean(asText(fm.password));
  if (locked) note('原文设有访问密码，导入后设为私密（密码不迁移）');

  const description = tidyDescription(asText(fm.description ?? fm.excerpt ?? fm.summary), note);
  const draft = post.draftFolder || isYes(fm.draft) || isNo(fm.published);
  // A draft was never published: it had no address anyone could link to.
  const oldPaths = draft
    ? []
    : oldPathsOf({ rel: post.rel, frontMatter: fm, title, date, categoryPath: categories.path }, layout, note);

  return {
    key: post.key,
    title,
    body,
    images,
    ...(cover ? { cover } : {}),
    ...(description ? { description } : {}),
    category,
    tags,
    ...readPinned(fm),
    type: 'original',
    date,
    ...(updated ? { updated } : {}),
    draft,
    private: locked,
    views: 0,
    likes: 0,
    readingMs: 0,
    oldPaths,
  };
}
