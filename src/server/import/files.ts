/**
 * The file half of an import: articles and talks as our Markdown files with their pictures, the
 * old addresses beside them, and the files the rows name. Each thing's key is remembered as soon as
 * its file is written, so an import stopped halfway and run again writes no file twice.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { formatRedirects, normalizeOldPath, parseRedirects, REDIRECTS_FILE } from '../../lib/shared/redirects.ts';
import type { Db } from '../db/client.ts';
import { articleFileName } from '../writing/articles.ts';
import { talkImageAllowed as talkImageShown } from '../writing/talks.ts';
import { createSourceFiles, formatSource, writeAtomically } from '../writing/sourceFiles.ts';
import type { ImageSource, ImportedArticle, ImportedTalk, LeftBehind } from './bundle.ts';
import { articleData, talkData } from './content.ts';
import { amongUploads, besideArticles, imageCopier, replaceImageRef, type Download } from './images.ts';
import { rememberKey } from './importKeys.ts';
import type { Numbered } from './plan.ts';
import { writeArticleStats, writeTalkLikes, type KeyMap } from './rows.ts';

export interface FileWrites {
  db: Db;
  contentDir: string;
  uploadDir: string;
  fetchImage: Download;
  ids: KeyMap;
  problems: LeftBehind[];
  /** Pictures and files copied or downloaded, counted across every call. */
  copied: { count: number };
}

export async function writeUploads(
  uploads: Record<string, ImageSource>,
  uploadDir: string,
  fetchImage: Download,
  problems: LeftBehind[],
  copied: { count: number },
): Promise<void> {
  const copier = imageCopier(amongUploads(uploadDir), fetchImage);
  for (const [path, from] of Object.entries(uploads)) {
    const brought = await copier.bring({ ref: path, from });
    if ('problem' in brought)
      problems.push({ where: path, reason: `文件${brought.problem}，用到它的头像或背景将显示不出` });
  }
  copied.count += copier.copied;
}

/** Writes the articles; answers how many, and how many old addresses were added. */
export async function writeArticles(
  planned: Numbered<ImportedArticle>[],
  { db, contentDir, fetchImage, ids, problems, copied }: FileWrites,
): Promise<{ written: number; redirects: number }> {
  const articlesDir = join(contentDir, 'articles');
  const bodyImages = imageCopier(besideArticles(articlesDir, 'images'), fetchImage);
  const covers = imageCopier(besideArticles(articlesDir, 'covers'), fetchImage);
  const files = createSourceFiles(contentDir, 'articles');
  const redirectsFile = join(contentDir, REDIRECTS_FILE);
  const redirects = parseRedirects(await readFile(redirectsFile, 'utf8').catch(() => '')).redirects;
  const redirectsBefore = redirects.size;
  let written = 0;
  try {
    for (const { item, id } of planned) {
      let body = item.body;
      for (const image of item.images) {
        const brought = await bodyImages.bring(image);
        if ('ref' in brought) body = replaceImageRef(body, image.ref, brought.ref);
        else if (isRelative(image.ref)) {
          // The build leaves out an article whose picture beside it is missing; an address from the
          // site's root it shows as a broken picture, and the rest of the article stays.
          body = replaceImageRef(body, image.ref, `/${image.ref.replace(/^(?:\.{1,2}\/)+/, '')}`);
          problems.push({ where: item.key, reason: `图片 ${image.ref} ${brought.problem}，文章里显示为失效的图片` });
        } else problems.push({ where: item.key, reason: `图片 ${image.ref} ${brought.problem}，保留原地址` });
      }
      const cover = item.cover && (await covers.bring(item.cover));
      if (cover && 'problem' in cover)
        problems.push({ where: item.key, reason: `封面 ${item.cover!.ref} ${cover.problem}，文章没有封面` });
      const checked = articleData(item, id, cover && 'ref' in cover ? cover.ref : undefined);
      for (const line of checked.trimmed) problems.push({ where: item.key, reason: line });
      if (checked.problem) {
        problems.push({ where: item.key, reason: `文章无法通过检查，未导入：${checked.problem}` });
        continue;
      }
      const file = await files.create(
        articleFileName(id, String(checked.data.title)),
        formatSource(checked.data, body),
      );
      // Remembered at once: whatever fails after, a second run does not write the file again.
      await rememberKey(db, item.key, id);
      ids.set(item.key, id);
      if (item.trashed) await files.moveToTrash(file);
      await writeArticleStats(db, id, { views: item.views, likes: item.likes, readingMs: item.readingMs });
      written++;
      for (const old of item.oldPaths) {
        const path = normalizeOldPath(old);
        if (path) redirects.set(path, `/article/${id}`);
      }
    }
  } finally {
    // Even when an article fails: those written before keep their old addresses.
    if (redirects.size !== redirectsBefore) await writeAtomically(redirectsFile, formatRedirects(redirects));
  }
  copied.count += bodyImages.copied + covers.copied;
  return { written, redirects: redirects.size - redirectsBefore };
}

/** A picture beside the article (`a.png`, `./img/a.png`): what the build looks for next to the file. */
const isRelative = (ref: string) => !/^(?:[a-z][a-z\d+.-]*:|\/|#)/i.test(ref);

/** Writes the talks; answers how many. */
export async function writeTalks(
  planned: Numbered<ImportedTalk>[],
  { db, contentDir, uploadDir, fetchImage, ids, problems, copied }: FileWrites,
): Promise<number> {
  const pictures = imageCopier(amongUploads(uploadDir), fetchImage);
  const files = createSourceFiles(contentDir, 'talks');
  let written = 0;
  for (const { item, id } of planned) {
    const images: string[] = [];
    for (const image of item.images) {
      // A picture of the site's own public folder (`/img/…`) is there already.
      const brought = !image.from && talkImageShown(image.ref) ? { ref: image.ref } : await pictures.bring(image);
      // One that could not be copied stays only where the site can show it as it is (https).
      const shown = 'ref' in brought ? brought.ref : talkImageShown(image.ref) ? image.ref : null;
      if (shown) images.push(shown);
      if ('problem' in brought)
        problems.push({
          where: item.key,
          reason: `图片 ${image.ref} ${brought.problem}，${shown ? '保留原地址' : '未保留'}`,
        });
    }
    const checked = talkData(item, id, images);
    for (const line of checked.trimmed) problems.push({ where: item.key, reason: line });
    if (checked.problem) {
      problems.push({ where: item.key, reason: `说说无法通过检查，未导入：${checked.problem}` });
      continue;
    }
    const file = await files.create(`${String(id).padStart(4, '0')}.md`, formatSource(checked.data, item.body));
    await rememberKey(db, item.key, id);
    ids.set(item.key, id);
    if (item.trashed) await files.moveToTrash(file);
    await writeTalkLikes(db, id, item.likes);
    written++;
  }
  copied.count += pictures.copied;
  return written;
}
