/**
 * Carries out an import's plan (plan.ts): the files first (articles and talks with their pictures,
 * the old addresses), then the rows, then the site's settings. Nothing here touches what readers
 * see until the site is published: the files wait for the next build, and the caller publishes
 * once, at the end.
 */
import { ROLE } from '../../contract/users.ts';
import type { Db } from '../db/client.ts';
import { articleStats, talkStats, users } from '../db/schema.ts';
import { createSourceFiles } from '../writing/sourceFiles.ts';
import type { Bundle, LeftBehind } from './bundle.ts';
import { download, type Download } from './images.ts';
import { writeArticles, writeTalks, writeUploads } from './files.ts';
import { knownKeys, rememberKey } from './importKeys.ts';
import { planImport, siteKeyOf, type Kind, type Plan, type SiteNow } from './plan.ts';
import { addSiteViews, KeyMap, writeComments, writeLikes, writeLinks, writeMessages, writeUsers } from './rows.ts';
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
  const [articleFiles, talkFiles, accounts, articleRows, talkRows] = await Promise.all([
    createSourceFiles(contentDir, 'articles').all(),
    createSourceFiles(contentDir, 'talks').all(),
    db.select({ id: users.id, username: users.username, role: users.role }).from(users),
    db.select({ id: articleStats.articleId }).from(articleStats),
    db.select({ id: talkStats.talkId }).from(talkStats),
  ]);
  // An id whose file was deleted for good still has its counters (and comments): it stays taken,
  // or an imported article would inherit another's views.
  const counted = (rows: { id: number }[]) =>
    rows.map((row): [number, string] => [row.id, '一篇已永久删除、计数还在的文章']);
  const keys = [
    ...[bundle.articles, bundle.talks, bundle.users, bundle.messages, bundle.comments, bundle.likes, bundle.links]
      .flat()
      .map((item) => item.key),
    siteKeyOf(bundle.siteKey),
  ];
  return {
    articles: new Map([
      ...counted(articleRows),
      ...articleFiles
        .filter((f) => f.id > 0)
        .map((f): [number, string] => [f.id, typeof f.data.title === 'string' ? f.data.title : f.path]),
    ]),
    talks: new Set([...talkRows.map((row) => row.id), ...talkFiles.filter((f) => f.id > 0).map((f) => f.id)]),
    users: new Map(accounts.map((a) => [a.username.toLowerCase(), { id: a.id, admin: a.role === ROLE.admin }])),
    known: await knownKeys(db, keys),
  };
}

export async function planFor(target: ImportTarget, bundle: Bundle): Promise<Plan> {
  return planImport(bundle, await readSiteNow(target, bundle));
}

export async function applyPlan(plan: Plan, target: ImportTarget): Promise<ImportResult> {
  const { db, contentDir, uploadDir } = target;
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
    ...plan.comments.flatMap((c) => [c.target.key, c.parentKey ?? '', c.toUserKey ?? '', c.toGuest?.commentKey ?? '']),
    ...[...plan.comments, ...plan.messages].map((c) => ('userKey' in c.author ? c.author.userKey : '')),
    ...plan.likes.flatMap((l) => [l.target.key, l.userKey ?? '']),
    ...plan.links.map((l) => l.userKey),
  ]);
  const fetchImage = target.download ?? download;
  const copied = { count: 0 };
  // The rows' own files first (avatars, backgrounds), under the names the rows give.
  await writeUploads(plan.uploads, uploadDir, fetchImage, problems, copied);
  await writeUsers(db, plan.users, ids, problems);
  const files = { db, contentDir, uploadDir, fetchImage, ids, problems, copied };
  const articles = await writeArticles(plan.articles, files);
  created.articles = articles.written;
  created.talks = await writeTalks(plan.talks, files);

  await writeMessages(db, plan.messages, ids);
  created.comments = await writeComments(db, plan.comments, ids, problems);
  created.likes = await writeLikes(db, plan.likes, ids);
  await writeLinks(db, plan.links, ids);

  let siteChanges: SiteChange[] = [];
  if (Object.keys(plan.site).length > 0) {
    // The views are added and remembered together, before the file: whatever fails, never twice.
    await db.transaction(async (tx) => {
      if (plan.site.views) await addSiteViews(tx, plan.site.views);
      await rememberKey(tx, siteKeyOf(plan.siteKey), 0);
    });
    if (target.siteConfigFile) {
      const written = await writeSiteConfig(target.siteConfigFile, plan.site);
      siteChanges = written.changes;
      problems.push(...written.left);
    }
  }
  return {
    created,
    imagesCopied: copied.count,
    redirects: articles.redirects,
    siteChanges,
    problems,
  };
}
