/** The production server: `node src/server/http/main.ts` after a build (npm start does both). */
import './production.ts';
import { Router, type RequestHandler } from 'express';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCookies, logoutRoute } from '../api/auth.ts';
import { apiRouter } from '../api/index.ts';
import { loadCatalog } from '../articles/catalog.ts';
import { createArticleService } from '../articles/service.ts';
import { migrateDb, openDb } from '../db/client.ts';
import { generateDemoLibrary } from '../music/demo/generate.ts';
import { createMusicService, musicConfig } from '../music/index.ts';
import { hasAudio } from '../music/scan.ts';
import { createSiteService } from '../site/service.ts';
import { createUserServiceFromEnv, ensureAdminFromEnv, startPurging } from '../users/setup.ts';
import { UPLOAD_DIR } from '../uploads/images.ts';
import { createApp } from './app.ts';
import { refuseTunnels } from './errors.ts';
import { loadCspSources, mediaOriginsFromEnv } from './cspSources.ts';
import { contentSecurityPolicy, isHttpsSite } from './headers.ts';

const distDir = resolve(process.env.DIST_DIR ?? 'dist');
const host = process.env.HOST || '0.0.0.0';
const port = Number(process.env.PORT || 4321);

const db = await openDb();
await migrateDb(db);
const users = createUserServiceFromEnv(db);
await startPurging(users);
await ensureAdminFromEnv(users);
const music = musicConfig();
if (!music.upstream && !(await hasAudio(music.dir))) {
  const demo = await generateDemoLibrary(music.dir);
  console.log(`音乐库是空的，已在 ${music.dir} 生成示例音乐库：${demo.playlists} 个歌单、${demo.tracks} 首歌`);
}
const musicService = await createMusicService(music);
const catalog = await loadCatalog(resolve(process.env.CONTENT_DIR ?? join(distDir, 'server', 'content')));

// The Astro build exports its handler; it must not start a server of its own.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = (await import(pathToFileURL(join(distDir, 'server', 'entry.mjs')).href)) as { handler: RequestHandler };

// Decided once: whether the site's address is https (Secure cookies, HSTS).
const httpsSite = isHttpsSite(process.env.SITE_URL);
const cookies = createCookies({ httpsSite });

// What the built pages need, and the hosts the owner's settings add for covers and audio.
const policy = contentSecurityPolicy({ ...loadCspSources(distDir), mediaOrigins: mediaOriginsFromEnv() });

const app = createApp({
  clientDir: join(distDir, 'client'),
  astroHandler: handler,
  api: apiRouter(
    {
      db,
      site: createSiteService({ db, catalog, userCount: users.count }),
      articles: createArticleService(db, catalog),
      users,
    },
    { cookies },
  ),
  wapi: musicService.router,
  actions: Router().get('/logout', logoutRoute(users.sessions, cookies)),
  uploadDir: UPLOAD_DIR,
  security: { policy, hsts: httpsSite },
});

const server = app.listen(port, host, () => {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  console.log(`博客已启动：http://${shown}:${port}`);
});
refuseTunnels(server);
server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `端口 ${port} 已被占用，请用 PORT 环境变量换一个端口` : error);
  process.exit(1);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => {
      musicService.close();
      db.$client.close();
      process.exit(0);
    });
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
