/**
 * `npm run bench:burst`: a burst of readers against the production server on a temp database.
 * 32 connections per phase, every counted request from its own address, a few seconds each:
 * static alone, article views, site views, likes, and static beside views, each kind warmed up
 * first (WARM_SECONDS). It prints ok/s, p50 and
 * p99 of each phase, the ratios the counting must keep, the server's RSS after start and after the
 * burst, and checks that the counters grew by exactly the acknowledged writes.
 *
 * Static beside views is measured twice. At a rate: static pages and views each at PACE of what
 * static pages alone reach, against static pages alone at that rate; the static p99 must stay within
 * 2× of alone. autocannon keeps a rate by sending each second's share as fast as it can and then
 * waiting for the next second, so these phases are bursts at full speed once a second: their p99 is
 * mostly the queue of a saturated server, and so how much a view costs beside a page. The phases
 * alternate over ROUNDS rounds and their medians are compared, beside a control where the views are
 * as many static requests: what the second load costs by itself. Then both as fast as they go.
 *
 * Views beside likes are evenly paced (lib/paced.ts): views at the same rate, alone and beside
 * LIKES_PER_SECOND likes, whether liking holds up counting. The acknowledged likes and views of
 * every phase are checked against the counters.
 *
 * `BENCH_FSYNC_MS=3` runs it all on a disk whose syncs take 3 ms more (lib/slowDisk.ts), as a cloud
 * server's network disk does: what the group commit's own thread is for.
 *
 * `-- --engine=postgres --nodes=2` runs the same on PostgreSQL, and on several app nodes over one
 * database, the load split between them (lib/setups.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { phaseRow, runPhase, type Length, type Phase, type PhaseResult } from './lib/load.ts';
import { runPaced } from './lib/paced.ts';
import { build } from './lib/server.ts';
import { POSTGRES_SETTINGS, setupFromArgs, shareOf, startSetup } from './lib/setups.ts';
import { median } from './lib/stats.ts';
import { slowDisk } from './lib/slowDisk.ts';

const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const CONNECTIONS = 32;
const ARTICLE = 7;
/** Counted views must reach this share of what static pages alone reach. */
const REQUIRED_RATIO = 0.5;
/** The paced phases' rate of static pages, and of views beside them, as a share of static pages alone at full speed. */
const PACE = 0.4;
const ROUNDS = 3;
/** Long enough for the server to find itself quiet and shrink its heap (src/server/http/idleMemory.ts: after 5–10 s without requests). */
const SETTLE_SECONDS = 12;
const LIKES_PER_SECOND = 100;
/**
 * Each kind of request is run this long before anything is measured. A server just started answers a
 * kind of request it has not served yet at two thirds of its later rate for its first few seconds
 * (the JIT, the database's plans and caches), static pages and views alike; one second was not
 * enough, and the first phase measured was then the one that paid for it.
 */
const WARM_SECONDS = 3;

const STATIC: Phase = { name: '静态 GET /home', path: '/home' };
const ARTICLE_VIEWS: Phase = {
  name: `文章浏览 PUT /api/article/view/${ARTICLE}`,
  path: `/api/article/view/${ARTICLE}`,
  method: 'PUT',
  ownAddress: true,
};
const SITE_VIEWS: Phase = {
  name: '站点浏览 PUT /api/config/addView',
  path: '/api/config/addView',
  method: 'PUT',
  ownAddress: true,
};
const LIKES: Phase = {
  name: '点赞 POST /api/like/addLike',
  path: '/api/like/addLike',
  method: 'POST',
  body: JSON.stringify({ for_id: ARTICLE, type: 1 }),
  ownAddress: true,
};

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

const options = setupFromArgs();
build();
const work = mkdtempSync(join(tmpdir(), 'blog-burst-'));
const disk = slowDisk(work);
const setup = await startSetup(options, work, {
  MUSIC_DIR: join(work, 'music'),
  LICENSE_KEY_DIR: work,
  TRUST_PROXY: 'loopback',
  ...disk.env,
});
const counters = async () => {
  const [article] = await setup.sql('SELECT views, likes FROM article_stats WHERE article_id = ?', [ARTICLE]);
  const [site] = await setup.sql("SELECT value FROM site_stats WHERE name = 'views'");
  return {
    views: Number(article?.views ?? 0),
    likes: Number(article?.likes ?? 0),
    siteViews: Number(site?.value ?? 0),
  };
};
/** A phase on every node at once, each with its share of the connections, the amount and the rate. */
const runOnNodes = (phase: Phase, length: Length, connections: number, rate?: number) =>
  setup.split((origin, share) =>
    runPhase(origin, phase, shareOf(length, options.nodes), share(connections), rate ? share(rate) : undefined),
  );
const pacedOnNodes = (phase: Phase, { rate, seconds }: { rate: number; seconds: number }, connections: number) =>
  setup.split((origin, share) => runPaced(origin, phase, { rate: share(rate), seconds }, share(connections)));
const rssOfNodes = () => setup.nodes.map((node) => rssMb(node.pid));
const mb = (values: number[]) => values.map((value) => `${value.toFixed(0)} MB`).join(' / ');

try {
  const rssAtStart = rssOfNodes();
  const timed = { seconds: SECONDS };
  // Each counted phase is sized from its warm-up to last about SECONDS, and runs until every request is answered.
  const sized = async (phase: Phase) => {
    const probe = await runOnNodes(phase, { seconds: WARM_SECONDS }, CONNECTIONS);
    return { amount: Math.max(CONNECTIONS * 10, Math.round(probe.okPerSecond * SECONDS)) };
  };
  // The warm-ups run before the counters are read.
  await runOnNodes(STATIC, { seconds: WARM_SECONDS }, CONNECTIONS);
  const [viewsLength, siteViewsLength, likesLength] = [
    await sized(ARTICLE_VIEWS),
    await sized(SITE_VIEWS),
    await sized(LIKES),
  ];
  // A timed probe leaves requests in flight that the server still counts: let them land first.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const before = await counters();

  const results: PhaseResult[] = [];
  const staticAlone = await runOnNodes(STATIC, timed, CONNECTIONS);
  const views = await runOnNodes(ARTICLE_VIEWS, viewsLength, CONNECTIONS);
  const siteViews = await runOnNodes(SITE_VIEWS, siteViewsLength, CONNECTIONS);
  const likes = await runOnNodes(LIKES, likesLength, CONNECTIONS);
  const pace = Math.round(staticAlone.okPerSecond * PACE);
  const pacedLength = { amount: pace * SECONDS };
  const paced = (phase: Phase, name: string) => runOnNodes({ ...phase, name }, pacedLength, CONNECTIONS, pace);
  // A p99 of a few seconds on a shared machine moves with whatever else runs: the rounds alternate, and the medians are compared.
  const rounds: { alone: PhaseResult; beside: PhaseResult; views: PhaseResult; besideStatic: PhaseResult }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const alone = await paced(STATIC, `静态 GET /home（每秒 ${pace} 次）第 ${round} 轮`);
    const [beside, viewsBeside] = await Promise.all([
      paced(STATIC, `静态 GET /home（每秒 ${pace} 次，同时每秒 ${pace} 次浏览）第 ${round} 轮`),
      paced(ARTICLE_VIEWS, `文章浏览（每秒 ${pace} 次，同时有静态请求）第 ${round} 轮`),
    ]);
    const [besideStatic] = await Promise.all([
      paced(STATIC, `静态 GET /home（每秒 ${pace} 次，同时另有每秒 ${pace} 次静态请求）第 ${round} 轮`),
      paced(STATIC, `另一路静态请求（每秒 ${pace} 次）第 ${round} 轮`),
    ]);
    rounds.push({ alone, beside, views: viewsBeside, besideStatic });
  }
  const [staticBesideFull, viewsBesideFull] = await Promise.all([
    runOnNodes({ ...STATIC, name: '静态 GET /home（同时全速计浏览）' }, timed, CONNECTIONS),
    runOnNodes({ ...ARTICLE_VIEWS, name: '文章浏览（全速，同时有静态请求）' }, viewsLength, CONNECTIONS),
  ]);
  const evenly = { rate: pace, seconds: SECONDS };
  const viewsEvenly = await pacedOnNodes(
    { ...ARTICLE_VIEWS, name: `文章浏览（均匀每秒 ${pace} 次）` },
    evenly,
    CONNECTIONS,
  );
  const [viewsBesideLikes, likesBesideViews] = await Promise.all([
    pacedOnNodes(
      { ...ARTICLE_VIEWS, name: `文章浏览（均匀每秒 ${pace} 次，同时每秒 ${LIKES_PER_SECOND} 次点赞）` },
      evenly,
      CONNECTIONS,
    ),
    pacedOnNodes(
      { ...LIKES, name: `点赞（均匀每秒 ${LIKES_PER_SECOND} 次，同时有浏览）` },
      { rate: LIKES_PER_SECOND, seconds: SECONDS },
      CONNECTIONS,
    ),
  ]);
  results.push(
    staticAlone,
    views,
    siteViews,
    likes,
    ...rounds.flatMap((round) => [round.alone, round.beside, round.views, round.besideStatic]),
    staticBesideFull,
    viewsBesideFull,
    viewsEvenly,
    viewsBesideLikes,
    likesBesideViews,
  );
  const rssAfter = rssOfNodes();
  const after = await counters();
  // What the server hands back once it has gone quiet.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
  const rssSettled = rssOfNodes();

  console.log(
    `${setup.label}${options.engine === 'postgres' ? `（设置 ${JSON.stringify(POSTGRES_SETTINGS)}）` : ''}；每阶段 ${SECONDS} 秒、${CONNECTIONS} 个连接（分给各节点）；计数请求各来自不同地址${disk.label}：`,
  );
  console.table(results.map(phaseRow));
  const throughput = views.okPerSecond / staticAlone.okPerSecond;
  const p99Alone = median(rounds.map((round) => round.alone.p99));
  const p99Beside = median(rounds.map((round) => round.beside.p99));
  const p99BesideStatic = median(rounds.map((round) => round.besideStatic.p99));
  const latency = p99Beside / Math.max(1, p99Alone);
  console.log(`文章浏览吞吐 / 静态吞吐：${throughput.toFixed(2)}（目标 ≥ ${REQUIRED_RATIO}）`);
  console.log(
    `静态 p99（每秒 ${pace} 次，${ROUNDS} 轮的中位数）：单独 ${p99Alone} ms，同时每秒 ${pace} 次浏览 ${p99Beside} ms，${latency.toFixed(2)} 倍（目标 ≤ 2）`,
  );
  console.log(
    `对照：同时另有每秒 ${pace} 次静态请求时 ${p99BesideStatic} ms，${(p99BesideStatic / Math.max(1, p99Alone)).toFixed(2)} 倍（同样多的请求，不计数）`,
  );
  // What counting itself costs the pages: beside views against beside as many pages, the same load either way.
  console.log(`计数本身：同时浏览 / 同时同样多静态请求 = ${(p99Beside / Math.max(1, p99BesideStatic)).toFixed(2)} 倍`);
  console.log(`全速时静态 p99：单独 ${staticAlone.p99} ms，同时全速计浏览 ${staticBesideFull.p99} ms`);
  console.log(
    `均匀每秒 ${pace} 次浏览：单独 p50 ${viewsEvenly.p50} / p99 ${viewsEvenly.p99} ms，同时每秒 ${LIKES_PER_SECOND} 次点赞 p50 ${viewsBesideLikes.p50} / p99 ${viewsBesideLikes.p99} ms（${Math.round(viewsBesideLikes.okPerSecond)} 次/秒）`,
  );

  const acknowledged = {
    views:
      views.ok +
      rounds.reduce((sum, round) => sum + round.views.ok, 0) +
      viewsBesideFull.ok +
      viewsEvenly.ok +
      viewsBesideLikes.ok,
    likes: likes.ok + likesBesideViews.ok,
    siteViews: siteViews.ok,
  };
  const grew = {
    views: after.views - before.views,
    likes: after.likes - before.likes,
    siteViews: after.siteViews - before.siteViews,
  };
  console.table(
    (['views', 'siteViews', 'likes'] as const).map((key) => ({
      计数: key,
      已确认: acknowledged[key],
      计数增长: grew[key],
      一致: acknowledged[key] === grew[key] ? '是' : '否',
    })),
  );
  console.log(
    `服务器 RSS（每个节点）：启动后 ${mb(rssAtStart)}，突发刚结束 ${mb(rssAfter)}（目标 ≤ 150 MB），再空闲 ${SETTLE_SECONDS} 秒后 ${mb(rssSettled)}`,
  );
  const counted = (['views', 'siteViews', 'likes'] as const).every((key) => acknowledged[key] === grew[key]);
  if (!counted) process.exitCode = 1;
} finally {
  await setup.stop();
  rmSync(work, { recursive: true, force: true });
}
