/** The production server, as main.ts starts it: with the memory settings of serverSettings.ts. */
import './loadOnly.ts';
import './production.ts';
import { Router } from 'express';
import { join } from 'node:path';
import { createCookies } from '../api/cookies.ts';
import { apiRouter } from '../api/index.ts';
import { shareBudgets } from '../budgets/limiter.ts';
import { databaseRateLimitStore, purgeEndedWindows } from '../budgets/store.ts';
import { groupCommitOf } from '../db/groupCommitOf.ts';
import { createArticleService } from '../articles/service.ts';
import { createCommentRules } from '../comments/rules.ts';
import { createCommentService } from '../comments/service.ts';
import { articleCommentTarget } from '../comments/targets.ts';
import { featuresOf, listeningUrl, readConfig } from './config.ts';
import { PROJECT_ROOT } from '../projectRoot.ts';
import { createWriting } from '../writing/index.ts';
import { closeDb, exposedDataWarning, migrateDb, openDb } from '../db/client.ts';
import { generateDemoLibrary } from '../music/demo/generate.ts';
import { createMusicService } from '../music/index.ts';
import { hasAudio } from '../music/scan.ts';
import { messageCommentTarget } from '../messages/lends.ts';
import { createMessageService } from '../messages/service.ts';
import { createNotificationService } from '../notifications/service.ts';
import { createSiteService } from '../site/service.ts';
import { loadOrCreateSigningKeys } from '../licenses/keys.ts';
import { createLicenseService } from '../licenses/service.ts';
import { createLinkService } from '../links/service.ts';
import { createLikeService } from '../likes/service.ts';
import { withoutSwitchedOff } from '../likes/switchedOff.ts';
import { createAuditLog } from '../admin/audit.ts';
import { dashboard } from '../admin/dashboard.ts';
import { createSiteExport } from '../admin/siteExport.ts';
import { createModeration } from '../admin/moderation.ts';
import { createPeople } from '../admin/people.ts';
import { createSales } from '../admin/sales.ts';
import { createShop } from '../shop/index.ts';
import { site } from '../../site.config.ts';
import { talkCommentTarget } from '../talks/lends.ts';
import { createTalkService } from '../talks/service.ts';
import { adminIds } from '../users/lookup.ts';
import { createOwner } from '../users/owner.ts';
import { ensureAdminAtStart, startPurging, userServiceFromSettings } from '../users/setup.ts';
import { createServer } from './nodeHttp.ts';
import { createApp } from './app.ts';
import { currentRelease, linkProjectPackages, previousRelease, watchReleases } from '../releases/releases.ts';
import { refuseTunnels } from './errors.ts';
import { applyConnectionSettings, CONNECTIONS_CHECKING_INTERVAL_MS } from './connections.ts';
import { aFewAtATime } from './pipelining.ts';
import { answerUnreadableRequests, lingerAfterEarlyAnswers } from './linger.ts';
import { releaseMemoryWhenQuiet } from './idleMemory.ts';
import { imageUrlAllowed } from './cspSources.ts';
import { openLiveBuild, type Build } from './liveBuild.ts';
import { logoutRoute } from './logout.ts';
import { adminGate } from './adminGate.ts';
import { createMailer } from '../mail/mailer.ts';
import { cappedMailer } from '../mail/recipientCap.ts';
import { createNotificationMail } from '../notifications/mail.ts';
import { createAccountRecovery } from '../users/recovery.ts';

const config = readConfig(process.env);
const { distDir, host, port } = config;
if (config.mail && !config.siteOrigin) {
  console.warn(
    `已开启邮件（SMTP_URL），但没有设置 SITE_URL：邮件里的链接将指向 ${config.siteUrl}，只有能访问这个地址的人打得开。请把 SITE_URL 设为站点的正式地址。`,
  );
}

const db = await openDb(config.database.url, config.database.authToken);
const exposed = exposedDataWarning(config.database.url);
if (exposed) console.warn(exposed);
await migrateDb(db);
// Every process on this database spends the same budgets (README, 运维).
shareBudgets((name) => databaseRateLimitStore(groupCommitOf(db), name));
purgeEndedWindows(groupCommitOf(db));
const users = userServiceFromSettings(db, { sessions: config.sessions, uploadDir: config.uploadDir });
await startPurging(users);
await ensureAdminAtStart(users, config.admin);
const owner = await createOwner(db);
const music = config.music;
// A site without the music player makes no demo library.
if (config.features.music && !music.upstream && !(await hasAudio(music.dir))) {
  const demo = await generateDemoLibrary(music.dir);
  console.log(`音乐库是空的，已在 ${music.dir} 生成示例音乐库：${demo.playlists} 个歌单、${demo.tracks} 首歌`);
}
const musicService = await createMusicService(music);
const cookies = createCookies({ httpsSite: config.httpsSite });
// The Astro build exports its handler; it must not start a server of its own.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';

// A build made elsewhere, or a link removed since: the built server's imports must resolve.
linkProjectPackages(distDir);
// Set once the writing below exists: a new build, wherever it was built, brings the next scheduled article.
let afterNewBuild = () => {};
const live = await openLiveBuild(
  currentRelease(distDir),
  { contentExportDir: config.contentExportDir, mediaOrigins: config.mediaOrigins },
  (build) => {
    features = featuresOf(config, build.features);
    app = appFor(build);
    console.log(`已切换到新的构建：${build.release}`);
    afterNewBuild();
  },
);
// The services keep these objects; a new build refills them (liveBuild.ts).
const { catalog, products, talkCatalog } = live;
// The parts of the site that are on follow the live build: the API asks on each request.
let features = featuresOf(config, live.current().features);

const licenseKeys = loadOrCreateSigningKeys(config.licenseKeyDir);
const articles = createArticleService(db, catalog, owner);
// However many readers act, one address gets only so many mails a day (mail/recipientCap.ts).
const mailer = cappedMailer(createMailer(config.mail), groupCommitOf(db));
const notificationMail = createNotificationMail(db, { mailer, siteUrl: config.siteUrl });
const notifications = createNotificationService(db, { admins: adminIds, mail: notificationMail });
const recovery = createAccountRecovery(db, { sessions: users.sessions, mailer, siteUrl: config.siteUrl });
const talks = createTalkService(db, talkCatalog, owner);
const messages = createMessageService(db, {
  uploads: users.uploads,
  notifications,
  showIpLocation: config.showIpLocation,
});
const licenses = createLicenseService(db, licenseKeys, config.licenseDeactivations);
const links = createLinkService(db, {
  uploads: users.uploads,
  notifications,
  externalIconAllowed: (url) => imageUrlAllowed(url, config.mediaOrigins),
});
const audit = createAuditLog(db);
const commentRules = createCommentRules(db);
const admin = {
  commentRules,
  audit,
  dashboard: () => dashboard(db, { catalog, audit }),
  moderation: createModeration(db),
  people: createPeople(db, users.sessions),
  sales: createSales(db),
  exportAll: createSiteExport({ db, contentDir: config.contentDir, uploadDir: config.uploadDir }),
};
const writing = createWriting(db, {
  projectRoot: PROJECT_ROOT,
  distDir,
  contentDir: config.contentDir,
  autoPublish: config.autoPublish,
  goLive: () => live.switchTo(currentRelease(distDir)),
  live: () => ({ has: (id) => catalog.byId.has(id), skipped: live.current().skipped }),
});
afterNewBuild = () =>
  void writing.reschedule().catch((error: Error) => console.error(`读取定时发布的文章失败：${error.message}`));
const shop = createShop(db, { products, licenses, notifications, payment: config.payment, ownerQrCodes: site.payment });

const comments = createCommentService(db, {
  targets: { 1: articleCommentTarget(articles), 2: talkCommentTarget(talks), 3: messageCommentTarget(messages) },
  notifications,
  rules: commentRules,
  mailer,
  siteUrl: config.siteUrl,
  showIpLocation: config.showIpLocation,
});
const likes = createLikeService(
  db,
  withoutSwitchedOff(
    {
      article: articles.likeTarget,
      talk: talks.likeTarget,
      message: messages.likeTarget,
      comment: comments.likeTarget,
    },
    (part) => features[part],
  ),
);

const api = apiRouter(
  {
    site: createSiteService({
      db,
      catalog,
      userCount: users.count,
      mailEnabled: mailer.enabled,
      commentGuests: async () => (await commentRules.get()).guests,
    }),
    articles,
    users,
    recovery,
    comments,
    likes,
    notifications,
    talks,
    messages,
    shop,
    links,
    admin,
    licenses,
    licensePublicKeyPem: licenseKeys.publicKeyPem,
    writing,
  },
  { cookies, siteOrigin: config.siteOrigin, features: () => features },
);
const actions = Router().get('/logout', logoutRoute(users.sessions, cookies));

/** The site as one build serves it; the hashed assets of the build before stay reachable for pages opened earlier. */
const appFor = (current: Build) =>
  createApp({
    clientDir: join(current.release, 'client'),
    previousClientDir: previousClientDir(current.release),
    astroHandler: current.handler,
    api,
    wapi: featuresOf(config, current.features).music ? musicService.router : undefined,
    actions,
    gates: [adminGate(users.sessions)],
    uploadDir: config.uploadDir,
    trustProxy: config.trustProxy,
    security: { policy: current.policy, hsts: config.httpsSite },
    redirects: current.redirects,
  });
function previousClientDir(release: string): string | undefined {
  const previous = previousRelease(distDir, release);
  return previous ? join(previous, 'client') : undefined;
}

let app = appFor(live.current());
// Requests already in flight finish on the app they started on; new ones go to the newest.
const server = createServer(
  { connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS },
  aFewAtATime((req, res) => app(req, res)),
);
applyConnectionSettings(server, config.connections, config.trustProxy);
server.listen(port, host, () => console.log(`博客已启动：${listeningUrl(host, port)}`));
refuseTunnels(server);
answerUnreadableRequests(server);
lingerAfterEarlyAnswers(server);
releaseMemoryWhenQuiet(server);
server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `端口 ${port} 已被占用，请用 PORT 环境变量换一个端口` : error);
  process.exit(1);
});

// A build run by hand (npm run build) is picked up the same way as one from the console.
const stopWatching = watchReleases(distDir, live.switchTo);
await writing.start(catalog.builtAt);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopWatching();
    writing.imageCache.stop();
    writing.publisher.stop();
    server.close(async () => {
      musicService.close();
      shop.stop();
      notificationMail.stop();
      await groupCommitOf(db).close();
      await closeDb(db);
      process.exit(0);
    });
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
