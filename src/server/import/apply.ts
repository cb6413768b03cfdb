/**
 * Carries out an import's plan (plan.ts): the files first (articles and talks with their pictures,
 * the old addresses), then the rows, then the site's settings. Nothing here touches what readers
 * see until the site is published: the files wait for the next build, and the caller publishes
 * once, at the end.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROLE } from '../../contract/users.ts';
import { formatRedirects, normalizeOldPath, parseRedirects, REDIRECTS_FILE } from '../../lib/shared/redirects.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { isUploadedImagePath } from '../uploads/images.ts';
import { articleFileName } from '../writing/articles.ts';
import { createSourceFiles, formatSource, writeAtomically } from '../writing/sourceFiles.ts';
import type { Bundle, LeftBehind } from './bundle.ts';
import { articleData, talkData } from './content.ts';
import { amongUploads, besideArticles, download, imageCopier, replaceImageRef, type Download } from './images.ts';
import { knownKeys, rememberKey } from './importKeys.ts';
import { planImport, siteKeyOf, type Kind, type Plan, type SiteNow } from './plan.ts';
import {
  addSiteViews,
  KeyMap,
  writeArticleStats,
  writeComments,
  writeLikes,
  writeLinks,
  writeMessages,
  writeTalkLikes,
  writeUsers,
} from './rows.ts';
import { writeSiteConfig, type SiteChange } from './siteConfig.ts';

export interface ImportTarget {
  db: Db;
  contentDir: string;
  uploadDir: string;
  /** The owner's settings file (src/site.config.ts); null leaves the settings alone. */
  siteConfigFile: string | null;
  download?: Download;
}

export interface ImportResult {
  created: Record<Kind, number>;
  imagesCopied: number;
  redirects: number;
  siteChanges: SiteChange[];
  /** What could not be brought after all (a picture out of reach, a file that would not build). */
  problems: LeftBehind[];
}

/** The site as an import meets it: ids, usernames, and the keys earlier imports brought. */
export async function readSiteNow({ db, contentDir }: ImportTarget, bundle: Bundle): Promise<SiteNow> {
  const [articleFiles, talkFiles, accounts] = await Promise.all([
    createSourceFiles(contentDir, 'articles').all(),
    createSourceFiles(contentDir, 'talks').all(),
    db.select({ id: users.id, username: users.username, role: users.role }).from(users),
  ]);
  const keys = [
    ...[bundle.articles, bundle.talks, bundle.users, bundle.messages, bundle.comments, bundle.likes, bundle.links]
      .flat()
      .map((item) => item.key),
    siteKeyOf(bundle.source),
  ];
  return {
    articles: new Map(
      articleFiles.filter((f) => f.id > 0).map((f) => [f.id, typeof f.data.title === 'string' ? f.data.title : f.path]),
    ),
    talks: new Set(talkFiles.filter((f) => f.id > 0).map((f) => f.id)),
    users: new Map(accounts.map((a) => [a.username.toLowerCase(), { id: a.id, admin: a.role === ROLE.admin }])),
    known: await knownKeys(db, keys),
  };
}

export async function planFor(target: ImportTarget, bundle: Bundle): Promise<Plan> {
  return planImport(bundle, await readSiteNow(target, bundle));
}

/** A talk's picture as the site shows it: an upload, a file of its public folder, or https. */
const talkImageShown = (image: string) =>
  isUploadedImagePath(image) || /^\/img\/[\w./-]+$/.test(image) || /^https:\/\/\S+$/.test(image);

export async function applyPlan(plan: Plan, target: ImportTarget): Promise<ImportResult> {
  const { db, contentDir, uploadDir } = target;
  const fetchImage = target.download ?? download;
  const problems: LeftBehind[] = [];
  const created: Record<Kind, number> = {
    articles: 0,
    talks: 0,
    users: plan.users.filter((u) => u.mergeInto === undefined).length,
    messages: plan.messages.length,
    comments: 0,
    likes: 0,
    links: plan.links.length,
  };
  const ids = new KeyMap(db);
  await ids.load([
    ...plan.comments.flatMap((c) => [c.target.key, c.parentKey ?? '', c.toUserKey ?? '']),
    ...[...plan.comments, ...plan.messages].map((c) => ('userKey' in c.author ? c.author.userKey : '')),
    ...plan.likes.flatMap((l) => [l.target.key, l.userKey ?? '']),
    ...plan.links.map((l) => l.userKey),
  ]);
  // The rows' own files first (avatars, backgrounds), under the names the rows give.
  const uploads = imageCopier(amongUploads(uploadDir), fetchImage);
  for (const [path, from] of Object.entries(plan.uploads)) await uploads.bring({ ref: path, from }, path);
  await writeUsers(db, plan.users, ids);

  const articlesDir = join(contentDir, 'articles');
  const bodyImages = imageCopier(besideArticles(articlesDir, 'images'), fetchImage);
  const covers = imageCopier(besideArticles(articlesDir, 'covers'), fetchImage);
  const articleFiles = createSourceFiles(contentDir, 'articles');
  const redirectsFile = join(contentDir, REDIRECTS_FILE);
  const redirects = parseRedirects(await readFile(redirectsFile, 'utf8').catch(() => '')).redirects;
  const redirectsBefore = redirects.size;
  for (const { item, id } of plan.articles) {
    let body = item.body;
    for (const image of item.images) body = replaceImageRef(body, image.ref, await bodyImages.bring(image, item.key));
    const cover = item.cover ? await covers.bring(item.cover, item.key) : undefined;
    const checked = articleData(item, id, cover?.startsWith('./covers/') ? cover : undefined);
    if (cover && !cover.startsWith('./covers/'))
      problems.push({ where: item.key, reason: `封面 ${cover} 未能复制，文章没有封面` });
    for (const line of checked.trimmed) problems.push({ where: item.key, reason: line });
    if (checked.problem) {
      problems.push({ where: item.key, reason: `文章无法通过检查，未导入：${checked.problem}` });
      continue;
    }
    const file = await articleFiles.create(
      articleFileName(id, String(checked.data.title)),
      formatSource(checked.data, body),
    );
    if (item.trashed) await articleFiles.moveToTrash(file);
    await writeArticleStats(db, id, { views: item.views, likes: item.likes, readingMs: item.readingMs });
    await rememberKey(db, item.key, id);
    ids.set(item.key, id);
    created.articles++;
    for (const old of item.oldPaths) {
      const path = normalizeOldPath(old);
      if (path) redirects.set(path, `/article/${id}`);
    }
  }
  if (redirects.size !== redirectsBefore) await writeAtomically(redirectsFile, formatRedirects(redirects));

  const talkImages = imageCopier(amongUploads(uploadDir), fetchImage);
  const talkFiles = createSourceFiles(contentDir, 'talks');
  for (const { item, id } of plan.talks) {
    const images: string[] = [];
    for (const image of item.images) {
      // A picture of the site's own public folder (`/img/…`) is there already.
      const shown = !image.from && talkImageShown(image.ref) ? image.ref : await talkImages.bring(image, item.key);
      if (talkImageShown(shown)) images.push(shown);
      else problems.push({ where: item.key, reason: `图片 ${shown} 无法在本站显示，未保留` });
    }
    const checked = talkData(item, id, images);
    for (const line of checked.trimmed) problems.push({ where: item.key, reason: line });
    if (checked.problem) {
      problems.push({ where: item.key, reason: `说说无法通过检查，未导入：${checked.problem}` });
      continue;
    }
    const file = await talkFiles.create(`${String(id).padStart(4, '0')}.md`, formatSource(checked.data, item.body));
    if (item.trashed) await talkFiles.moveToTrash(file);
    await writeTalkLikes(db, id, item.likes);
    await rememberKey(db, item.key, id);
    ids.set(item.key, id);
    created.talks++;
  }
  problems.push(...uploads.problems, ...bodyImages.problems, ...covers.problems, ...talkImages.problems);

  await writeMessages(db, plan.messages, ids);
  created.comments = await writeComments(db, plan.comments, ids, problems);
  created.likes = await writeLikes(db, plan.likes, ids);
  await writeLinks(db, plan.links, ids);

  let siteChanges: SiteChange[] = [];
  if (Object.keys(plan.site).length > 0) {
    if (plan.site.views) await addSiteViews(db, plan.site.views);
    if (target.siteConfigFile) {
      const written = await writeSiteConfig(target.siteConfigFile, plan.site);
      siteChanges = written.changes;
      problems.push(...written.left);
    }
    await rememberKey(db, siteKeyOf(plan.source), 0);
  }
  return {
    created,
    imagesCopied: uploads.copied + bodyImages.copied + covers.copied + talkImages.copied,
    redirects: redirects.size - redirectsBefore,
    siteChanges,
    problems,
  };
}
