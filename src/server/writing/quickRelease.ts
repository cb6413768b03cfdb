/**
 * Quick releases: a change to one live article's text, or its withdrawal, goes live in about a
 * second instead of after a full build. The live build is copied as hard links (no bytes copied),
 * the article's page, its compressed variants and its API export are replaced (or removed), and
 * the copy is published like any build (releases.ts). The full build the same save asked for
 * follows and brings the rest up to date: lists, feeds, tag pages.
 *
 * Only what a page patch can express goes this way: the title, description, body and 更新于 of an
 * article live before and after. A new image in the body goes too: the images the build would
 * make of it are in Astro's cache once the upload's background encoding is done (or are encoded
 * there now), under the names the build gives them, and are copied into the release. A new
 * article, a changed category, tags, cover or date wait for the full build.
 */
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { t } from '../../i18n/zh-CN.ts';
import { bodyImages, patchArticlePage } from '../../lib/node/articlePage.ts';
import {
  fillImageMarkers,
  isRelativeImage,
  markdownImageTargets,
  rewriteMarkdownImages,
  type ImageAttributes,
} from '../../lib/node/contentImages.ts';
import type { ArticleBody, ContentIndex } from '../../lib/node/contentIndex.ts';
import { countWords, plainText, readingMinutes } from '../../lib/node/reading.ts';
import { articleFrontmatter, isLive, type ArticleFrontmatter } from '../../lib/shared/contentSchema.ts';
import { pageTitle } from '../../lib/shared/pageTitle.ts';
import { site } from '../../site.config.ts';
import { formatDate } from '../../lib/shared/time.ts';
import { contentExportOf, currentRelease, linkedCopy, newReleaseDir, publishRelease } from '../releases/releases.ts';
import { createKeyedSerializer } from '../shared/serialize.ts';
import { renderMarkdown } from './markdown.ts';
import type { EncodedBodyImage } from './imageCacheQueue.ts';
import type { SourceFile, SourceFiles } from './sourceFiles.ts';

/** An article as it was before a change and is after it; null after a move to the recycle bin. */
export interface ArticleChange {
  id: number;
  before: SourceFile | null;
  after: SourceFile | null;
}

export type QuickOutcome = 'updated' | 'withdrawn';

export interface QuickReleaseOptions {
  distDir: string;
  files: SourceFiles;
  /** Makes the newest build the one this server answers from. */
  goLive: () => Promise<void>;
  /** Told of each article page a quick release put live or took down. */
  onLive?: (id: number, outcome: QuickOutcome) => void;
  /** A new body image's files and `<img>` as the build makes them (imageCacheQueue.ts); without it, a new image waits for the full build. */
  bodyImage?: (file: string) => Promise<EncodedBodyImage | null>;
  clock?: () => Date;
}

/**
 * What a page patch changes: every other field of the front matter (a new one too) must be as the
 * live page has it, or the change waits for the full build.
 */
const PATCHED: readonly string[] = ['title', 'description', 'updated'];
/** A build that went live while a quick release was being made: made again from it, at most this often. */
const ATTEMPTS = 3;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** The article as readers see it, or null when they do not (draft, private, scheduled, binned, unreadable). */
function seenAs(file: SourceFile | null, now: Date): ArticleFrontmatter | null {
  if (!file || file.trashed) return null;
  const parsed = articleFrontmatter.safeParse(file.data);
  return parsed.success && isLive(parsed.data, now) ? parsed.data : null;
}

const sameKept = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].every(
    (key) => PATCHED.includes(key) || JSON.stringify(a[key]) === JSON.stringify(b[key]),
  );

/** Replaces `path` in a linked copy by a new file: writing in place would change the live build's file too. */
async function replaceFile(path: string, content: string | Buffer): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, path);
}

/** A page and its brotli and gzip variants, as the build writes them (scripts/lib/precompress.ts). */
async function replacePage(path: string, html: string): Promise<void> {
  const raw = Buffer.from(html);
  const [br, gzipped] = await Promise.all([
    brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gz(raw, { level: 9 }),
  ]);
  await replaceFile(path, raw);
  for (const [suffix, bytes] of [
    ['.br', br],
    ['.gz', gzipped],
  ] as const) {
    if (bytes.length < raw.length) await replaceFile(path + suffix, bytes);
    else await rm(path + suffix, { force: true });
  }
}

/**
 * What the live page's body images were made of, by their Markdown target: the build's export
 * records them only for images it can resolve (those under the project's src/content), so for a
 * CONTENT_DIR elsewhere they are read from the page, whose images come in the Markdown's order.
 * Counts that differ (an `<img>` written as HTML, say) give nothing: the full build then does it.
 */
function imagesOfPage(page: string, markdown: string): Record<string, ImageAttributes> {
  const rendered = bodyImages(page);
  const targets = markdownImageTargets(markdown);
  if (!rendered || rendered.length !== targets.length) return {};
  return Object.fromEntries(targets.map((target, i) => [target, rendered[i]]));
}

const pageOf = (release: string, id: number) => join(release, 'client', 'article', String(id), 'index.html');
const readJson = async <T>(path: string): Promise<T | null> =>
  JSON.parse(await readFile(path, 'utf8').catch(() => 'null')) as T | null;

/** The image file a relative Markdown target of `article` names, when it is one beside the articles. */
function imageFile(articlesDir: string, article: SourceFile, target: string): string | null {
  const file = fileURLToPath(new URL(target, pathToFileURL(join(articlesDir, article.path))));
  const inside = relative(articlesDir, file);
  return inside && !inside.startsWith(`..${sep}`) && inside !== '..' ? file : null;
}

interface UpdateContext {
  dir: string;
  file: SourceFile;
  data: ArticleFrontmatter;
  articlesDir: string;
  bodyImage?: QuickReleaseOptions['bodyImage'];
}

/**
 * The `<img>` of each image in `markdown` the live build has no file for, with those files copied
 * into the release `dir`; null when one of them cannot be made here.
 */
async function newImages(
  { dir, file, articlesDir, bodyImage }: UpdateContext,
  known: Record<string, ImageAttributes>,
): Promise<Record<string, ImageAttributes> | null> {
  const targets = [
    ...new Set(markdownImageTargets(file.body).filter((target) => isRelativeImage(target) && !known[target])),
  ];
  if (targets.length === 0) return {};
  if (!bodyImage) return null;
  const made: Record<string, ImageAttributes> = {};
  for (const target of targets) {
    const source = imageFile(articlesDir, file, target);
    const encoded = source && (await stat(source).catch(() => null))?.isFile() ? await bodyImage(source) : null;
    if (!encoded) return null;
    const assets = join(dir, 'client', '_astro');
    await mkdir(assets, { recursive: true });
    // Copied, not linked: the cache is the build's, and may be on another disk.
    await Promise.all(encoded.files.map((path) => copyFile(path, join(assets, basename(path)))));
    made[target] = encoded.attributes;
  }
  return made;
}

/** The new text of a live article, written into the release `dir`; false when a page patch cannot express it. */
async function writeUpdate(context: UpdateContext): Promise<boolean> {
  const { dir, file, data } = context;
  const page = await readFile(pageOf(dir, file.id), 'utf8').catch(() => null);
  const content = contentExportOf(dir);
  const exported = await readJson<ArticleBody>(join(content, `${file.id}.json`));
  const index = await readJson<ContentIndex>(join(content, 'index.json'));
  const entry = index?.articles.find((a) => a.id === file.id);
  if (!page || !exported?.images || !index || !entry) return false;

  const known = { ...imagesOfPage(page, exported.markdown), ...exported.images };
  const added = await newImages(context, known);
  if (!added) return false;
  Object.assign(known, added);
  const rendered = await renderMarkdown(file.body);
  // An image the Markdown names in a way the targets above miss (a reference, say) waits for the build.
  let unknownImage = false;
  const body = await fillImageMarkers(rendered.html, async ({ src, alt, title }) => {
    if (typeof src !== 'string' || !isRelativeImage(src)) return undefined;
    if (!known[src]) unknownImage = true;
    return { ...known[src], alt: String(alt ?? ''), title: typeof title === 'string' ? title : undefined };
  });
  if (unknownImage) return false;

  const words = countWords(file.body);
  const description = data.description || plainText(file.body).slice(0, 120);
  const patched = patchArticlePage(page, {
    fullTitle: pageTitle(data.title, site.title),
    title: data.title,
    description,
    words: t.article.words(words),
    minutes: t.article.minutes(readingMinutes(words)),
    updated: data.updated ? `${t.article.updated} ${formatDate(data.updated)}` : null,
    headings: rendered.headings.filter((h) => h.depth === 2 || h.depth === 3),
    body,
  });
  if (!patched) return false;

  await replacePage(pageOf(dir, file.id), patched);
  const markdown = await rewriteMarkdownImages(file.body, async (target) =>
    typeof known[target]?.src === 'string' ? String(known[target].src) : undefined,
  );
  // With every image the page now has, so the next quick edit finds them.
  await replaceFile(
    join(content, `${file.id}.json`),
    JSON.stringify({ ...exported, markdown, html: body, images: known } satisfies ArticleBody),
  );
  Object.assign(entry, {
    title: data.title,
    description,
    updated: data.updated?.toISOString() ?? null,
    words,
    text: plainText(file.body, { keepCode: true }),
  });
  await replaceFile(join(content, 'index.json'), JSON.stringify(index));
  return true;
}

/** The article gone from the release `dir`: its page answers 404 and the API no longer has it. */
async function writeWithdrawal(dir: string, id: number): Promise<boolean> {
  const content = contentExportOf(dir);
  const index = await readJson<ContentIndex>(join(content, 'index.json'));
  const page = pageOf(dir, id);
  if (!(await stat(page).catch(() => null))) return false;
  await rm(join(page, '..'), { recursive: true, force: true });
  await rm(join(content, `${id}.json`), { force: true });
  if (index)
    await replaceFile(
      join(content, 'index.json'),
      JSON.stringify({ ...index, articles: index.articles.filter((a) => a.id !== id) }),
    );
  return true;
}

export function createQuickReleases({
  distDir,
  files,
  goLive,
  onLive = () => {},
  bodyImage,
  clock = () => new Date(),
}: QuickReleaseOptions) {
  const serially = createKeyedSerializer();
  /** When each article last went out in a quick release, for putting it back over a full build that started before. */
  const released = new Map<number, number>();

  /** Copies the live build, lets `write` change the copy, and publishes it; false when `write` found nothing to do. */
  async function release(write: (dir: string) => Promise<boolean>): Promise<boolean> {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const live = currentRelease(distDir);
      const dir = newReleaseDir(distDir, clock(), 'quick');
      try {
        linkedCopy(live, dir);
        if (!(await write(dir))) {
          await rm(dir, { recursive: true, force: true });
          return false;
        }
        // A full build went live meanwhile: this copy would take its changes back.
        if (currentRelease(distDir) !== live) {
          await rm(dir, { recursive: true, force: true });
          continue;
        }
        publishRelease(distDir, dir, clock());
      } catch (error) {
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
      await goLive();
      return true;
    }
    return false;
  }

  async function apply({ id, before, after }: ArticleChange): Promise<QuickOutcome | null> {
    const now = clock();
    const seenAfter = seenAs(after, now);
    const seenBefore = seenAs(before, now);
    let outcome: QuickOutcome | null = null;
    if (!seenAfter) outcome = (await release((dir) => writeWithdrawal(dir, id))) ? 'withdrawn' : null;
    else if (seenBefore && sameKept(seenBefore, seenAfter))
      outcome = (await release((dir) =>
        writeUpdate({ dir, file: after!, data: seenAfter, articlesDir: files.dir, bodyImage }),
      ))
        ? 'updated'
        : null;
    if (outcome) {
      released.set(id, now.getTime());
      onLive(id, outcome);
    }
    return outcome;
  }

  /** Puts a change to one article live now when a page patch can express it; null when only the full build can. */
  const applyInTurn = (change: ArticleChange) => serially('release', () => apply(change));

  return {
    apply: applyInTurn,

    /**
     * After a full build went live: the articles quick-released since it started are released
     * again from their files, over it, in case the build read them before the change.
     */
    async afterBuild(startedAt: Date): Promise<void> {
      for (const [id, at] of released) {
        if (at < startedAt.getTime()) {
          released.delete(id);
          continue;
        }
        const file = await files.find(id);
        await applyInTurn({ id, before: file, after: file });
      }
    },
  };
}

export type QuickReleases = ReturnType<typeof createQuickReleases>;
