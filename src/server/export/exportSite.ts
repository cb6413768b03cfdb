/**
 * `npm run export` and the console's download: everything of the owner's that another copy of this
 * blog (or anything else) needs to take over the site, in one folder of plain files (format.ts).
 * Read back by src/server/import/sources/exported.ts, so export → import into an empty site →
 * export again gives the same folder, but for `exportedAt`.
 *
 * Never exported: sessions, account tokens, orders, licenses, payments, the audit log, rate limits
 * (NEVER_EXPORTED). Password hashes only when asked (`withPasswords`); guest comments' addresses never.
 */
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Db } from '../db/client.ts';
import { TRASH } from '../writing/sourceFiles.ts';
import { site as configuredSite, type SiteConfig } from '../../site.config.ts';
import {
  DATA_FILES,
  EXPORT_FORMAT,
  EXPORT_PARTS,
  EXPORT_VERSION,
  NEVER_EXPORTED,
  type ExportManifest,
} from './format.ts';
import {
  copyFileInto,
  copyTree,
  copyUploads,
  picturesOf,
  PRIVATE_DIR,
  PRIVATE_FILE,
  readMarkdown,
  uploadNames,
} from './files.ts';
import { readComments, readLikes, readLinks, readMessages, readStats, readUsers } from './rows.ts';
import { siteFields } from './siteFields.ts';

export interface ExportOptions {
  db: Db;
  contentDir: string;
  uploadDir: string;
  /** Include the users' password hashes, so they can sign in on the new site with the same passwords. */
  withPasswords: boolean;
  /** The owner's settings; src/site.config.ts unless a test brings its own. */
  site?: SiteConfig;
  now?: Date;
}

export interface ExportSummary {
  /** The folder written, absolute. */
  target: string;
  counts: {
    articles: number;
    trashedArticles: number;
    /** Files of `articles/images` and `articles/covers`. */
    articleImages: number;
    talks: number;
    trashedTalks: number;
    users: number;
    comments: number;
    messages: number;
    likes: number;
    links: number;
    uploads: number;
  };
  /** `/uploads/…` paths the rows name whose file UPLOAD_DIR lacks. */
  missingUploads: string[];
  redirects: boolean;
  withPasswords: boolean;
  /** What is never exported, in Chinese. */
  leftOut: readonly string[];
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Makes the folder, which must be new or empty; answers how to take a failed export away again. */
async function prepareTarget(target: string): Promise<() => Promise<void>> {
  const info = await stat(target).catch(() => null);
  if (info && !info.isDirectory()) throw new Error(`导出位置 ${target} 已经是一个文件，请换一个目录`);
  if (info && (await readdir(target)).length) throw new Error(`导出目录 ${target} 已存在且不是空的，请换一个目录`);
  await mkdir(target, { recursive: true, mode: PRIVATE_DIR });
  return info
    ? async () => {
        for (const name of await readdir(target)) await rm(join(target, name), { recursive: true, force: true });
      }
    : () => rm(target, { recursive: true, force: true });
}

/** Writes the export into `target` (new or empty); half an export is taken away again, never left looking whole. */
export async function exportSite(options: ExportOptions, target: string): Promise<ExportSummary> {
  const root = resolve(target);
  const undo = await prepareTarget(root);
  try {
    return await writeExport(options, root);
  } catch (error) {
    await undo();
    throw error;
  }
}

async function writeExport(options: ExportOptions, root: string): Promise<ExportSummary> {
  const { db, withPasswords } = options;
  const write = async (path: string, value: unknown) => {
    await mkdir(dirname(join(root, path)), { recursive: true, mode: PRIVATE_DIR });
    await writeFile(join(root, path), json(value), { mode: PRIVATE_FILE });
  };

  // The content first: the talks' and articles' pictures are among the uploads to copy.
  const content = (kind: 'articles' | 'talks', trashed: boolean) =>
    trashed ? join(options.contentDir, TRASH, kind) : join(options.contentDir, kind);
  const into = (kind: 'articles' | 'talks', trashed: boolean) =>
    trashed ? join(root, EXPORT_PARTS.trash, kind) : join(root, kind);
  const markdown = { articles: [0, 0], talks: [0, 0] };
  const pictures: string[] = [];
  let articleImages = 0;
  for (const kind of ['articles', 'talks'] as const) {
    for (const trashed of [false, true]) {
      const copied = await copyTree(content(kind, trashed), into(kind, trashed));
      markdown[kind][Number(trashed)] = copied.filter((path) => path.endsWith('.md')).length;
      if (kind === 'articles' && !trashed)
        articleImages = copied.filter((path) => /^(?:images|covers)\//.test(path)).length;
      for (const file of await readMarkdown(into(kind, trashed))) pictures.push(...picturesOf(file));
    }
  }
  const redirectsFile = join(options.contentDir, EXPORT_PARTS.redirects);
  const redirects = Boolean(await stat(redirectsFile).catch(() => null));
  if (redirects) await copyFileInto(redirectsFile, join(root, EXPORT_PARTS.redirects));

  const [users, comments, messages, likes, links, stats] = await Promise.all([
    readUsers(db, withPasswords),
    readComments(db),
    readMessages(db),
    readLikes(db),
    readLinks(db),
    readStats(db),
  ]);
  const site = siteFields(options.site ?? configuredSite);
  const data = (name: keyof typeof DATA_FILES) => join(EXPORT_PARTS.data, DATA_FILES[name]);
  await write(data('users'), users);
  await write(data('comments'), comments);
  await write(data('messages'), messages);
  await write(data('likes'), likes);
  await write(data('links'), links);
  await write(data('stats'), stats);
  await write(data('site'), site);

  const names = uploadNames([
    ...pictures,
    ...users.map((user) => user.avatar),
    ...messages.map((message) => message.bg_url),
    ...links.map((link) => link.site_avatar),
    site.avatar,
    site.avatarBackground,
    site.payment.weChatQr,
    site.payment.aliPayQr,
  ]);
  const uploads = await copyUploads(options.uploadDir, names, join(root, EXPORT_PARTS.uploads));

  // Last: a folder with a manifest is a whole export.
  const manifest: ExportManifest = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: (options.now ?? new Date()).toISOString(),
  };
  await write(EXPORT_PARTS.manifest, manifest);

  return {
    target: root,
    counts: {
      articles: markdown.articles[0],
      trashedArticles: markdown.articles[1],
      articleImages,
      talks: markdown.talks[0],
      trashedTalks: markdown.talks[1],
      users: users.length,
      comments: comments.length,
      messages: messages.length,
      likes: likes.length,
      links: links.length,
      uploads: uploads.copied.length,
    },
    missingUploads: uploads.missing,
    redirects,
    withPasswords,
    leftOut: NEVER_EXPORTED,
  };
}
