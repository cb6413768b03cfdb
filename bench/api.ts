/**
 * `npm run bench:api`: the API on a generated blog of 2,000 articles.
 * - p50 / p95 latency of search and of the home-list API, over HTTP on loopback;
 * - requests per second of the home-list API beside a static file of the same size,
 *   at 50 concurrent connections, and how many answers were 5xx.
 */
import autocannon from 'autocannon';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { currentRelease } from '../src/server/releases/releases.ts';
import { join } from 'node:path';
import { writeSyntheticBlog } from './lib/blog.ts';
import { build, serve } from './lib/server.ts';
import { percentile } from './lib/stats.ts';

const ARTICLES = 2000;
const SAMPLES = 300;
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const KEYWORDS = ['的', '数据', 'react', 'SQLite WAL', '量都两体制', '不存在的词组合', 'zzzz', '第 1999 篇'];

async function latency(url: (i: number) => string): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const res = await fetch(url(i));
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url(i)} → ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

function load(url: string) {
  return new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url, connections: 50, duration: SECONDS }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

build();
// Inside the project, so the copied server bundle still resolves its packages from node_modules.
mkdirSync(join('node_modules', '.cache'), { recursive: true });
const work = mkdtempSync(join('node_modules', '.cache', 'blog-bench-'));
const distDir = join(work, 'dist');
// The live build's own files, without the links around it.
cpSync(currentRelease('dist'), distDir, { recursive: true });
const contentDir = join(work, 'content');
writeSyntheticBlog(contentDir, ARTICLES);

const server = await serve({
  DIST_DIR: distDir,
  CONTENT_EXPORT_DIR: contentDir,
  DATABASE_URL: `file:${join(work, 'blog.db')}`,
});
try {
  const api = `${server.origin}/api/article`;
  // Some counters, so the home list reads real rows.
  for (let id = 1; id <= 200; id++)
    await fetch(`${api}/view/${id}`, { method: 'PUT', headers: { 'X-Requested-With': 'XMLHttpRequest' } });

  const homeUrl = `${api}/blogHomeGetArticleList/1/10`;
  const homeBody = await (await fetch(homeUrl)).text();
  const staticName = 'bench-same-size.json';
  writeFileSync(join(distDir, 'client', staticName), Buffer.alloc(Buffer.byteLength(homeBody), ' '));
  await server.stop();
  const fresh = await serve({
    DIST_DIR: distDir,
    CONTENT_EXPORT_DIR: contentDir,
    DATABASE_URL: `file:${join(work, 'blog.db')}`,
  });

  try {
    const origin = fresh.origin;
    const searchLatency = await latency(
      (i) => `${origin}/api/article/getArticleListByContent/${encodeURIComponent(KEYWORDS[i % KEYWORDS.length])}`,
    );
    const homeLatency = await latency((i) => `${origin}/api/article/blogHomeGetArticleList/${(i % 200) + 1}/10`);
    console.log(`文章数 ${ARTICLES}，每项 ${SAMPLES} 次顺序请求（本机回环 HTTP）：`);
    console.table([
      {
        接口: `搜索（${KEYWORDS.length} 个关键词轮换）`,
        p50: `${searchLatency.p50.toFixed(2)} ms`,
        p95: `${searchLatency.p95.toFixed(2)} ms`,
      },
      { 接口: '首页列表（10 条）', p50: `${homeLatency.p50.toFixed(2)} ms`, p95: `${homeLatency.p95.toFixed(2)} ms` },
    ]);

    const apiLoad = await load(`${origin}/api/article/blogHomeGetArticleList/1/10`);
    const fileLoad = await load(`${origin}/${staticName}`);
    const row = (name: string, r: autocannon.Result) => ({
      对象: name,
      '请求/秒（平均）': Math.round(r.requests.average),
      '延迟 p50': `${r.latency.p50} ms`,
      '延迟 p99': `${r.latency.p99} ms`,
      '5xx': r['5xx'],
      错误: r.errors + r.timeouts,
    });
    console.log(`50 个并发连接，各 ${SECONDS} 秒，响应体 ${Buffer.byteLength(homeBody)} 字节：`);
    console.table([row('首页列表 API', apiLoad), row('同样大小的静态文件', fileLoad)]);
    console.log(
      `API 吞吐是静态文件的 ${((apiLoad.requests.average / fileLoad.requests.average) * 100).toFixed(0)}%（目标 ≥ 50%）`,
    );
  } finally {
    fresh.stop();
  }
} finally {
  server.stop();
  setTimeout(() => rmSync(work, { recursive: true, force: true }), 500);
}
