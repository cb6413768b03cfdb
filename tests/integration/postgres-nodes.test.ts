/**
 * Two app nodes over one PostgreSQL, sharing CONTENT_DIR, UPLOAD_DIR and DIST_DIR as a shared
 * folder would (README, 多台服务器): what the owner publishes on one, the other serves; one node
 * builds at a time, through the builder's lease in the database; a scheduled article goes live
 * with one build; and a node killed mid-build and mid-burst loses no acknowledged write while the
 * lease passes to the other. The sessions, budgets, lockout and likes across nodes are
 * scale-out.test.ts's, on both engines. PostgreSQL only: several machines share a database server.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishState, WritingArticle } from '../../src/contract/writing';
import { formatDateTime } from '../../src/lib/shared/time';
import type { ApiClient } from './api';
import { newDatabaseUrl } from './databases';
import { ownerLogin, OWNER, startOwnedApi, type Person } from './people';
import { startServer, type RunningServer } from './serve';
import { astroCacheWithDemoImages, copyDemoContent, distWithSuiteBuild } from '../siteCopies';

const BLOCK = 142;
let dir: string;
let dist: string;
let a: ApiClient;
let b: RunningServer;
let owner: Person;
let env: Record<string, string>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blog-nodes-'));
  const content = join(dir, 'content');
  copyDemoContent(content);
  dist = join(dir, 'dist');
  distWithSuiteBuild(dist);
  env = {
    DATABASE_URL: await newDatabaseUrl(dir),
    CONTENT_DIR: content,
    DIST_DIR: dist,
    UPLOAD_DIR: join(dir, 'uploads'),
    LICENSE_KEY_DIR: dir,
    ASTRO_CACHE_DIR: astroCacheWithDemoImages(join(dir, 'astro-cache')),
    TRUST_PROXY: 'loopback',
  };
  a = await startOwnedApi(env);
  b = await startServer({ ...env, ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password });
  owner = await ownerLogin(a, BLOCK);
}, 120_000);

afterAll(async () => {
  await b?.stop();
  await a?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A call to node B, as the owner. */
const onB = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${b.url}/api${path}`, {
    method,
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json', ...owner.auth },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};

const article = (title: string, date = '') => ({
  title,
  body: `${title}的正文。`,
  description: '',
  category: '随笔',
  tags: ['节点'],
  cover: '',
  type: 'original',
  origin_url: '',
  pinned: false,
  public: true,
  date,
  base_revision: null,
  publish: true,
});

/** Waits until `check` holds, at most `ms`. */
async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`等了 ${ms / 1000} 秒：${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const serves = async (url: string, path: string, text: string) => {
  const res = await fetch(`${url}${path}`);
  return res.status === 200 && (await res.text()).includes(text);
};

/** The builds running for this test's folders: processes of scripts/build.ts whose DIST_DIR is ours. */
function buildProcesses(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
        return command.includes('scripts/build.ts') && environment.includes(`DIST_DIR=${dist}`);
      } catch {
        return false; // Ended meanwhile, or not ours to read.
      }
    })
    .map(Number);
}

const builder = async () => (await a.sql("SELECT builder FROM site_builds WHERE name = 'site'"))[0]?.builder as string;
const builtOn = (server: string) => (server.match(/本服务器完成了一次构建/g) ?? []).length;

describe('two nodes, one PostgreSQL, shared folders', { timeout: 600_000 }, () => {
  it('serves on B what the owner publishes on A, built by one node, and B’s console shows the build', async () => {
    const saved = await a.call('POST', '/admin/writing/articles', {
      headers: owner.auth,
      body: article('Nodes 在 A 上发布的文章'),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { id } = saved.body.result as WritingArticle;
    await until(() => serves(b.url, `/article/${id}`, 'Nodes 在 A 上发布的文章'), 300_000, 'B 提供 A 上发布的文章');
    await until(
      async () => ((await onB('GET', '/admin/writing/publish')).body.result as PublishState).state === 'live',
      300_000,
      'B 的后台看到构建完成',
    );
    expect(builtOn(a.server.output()) + builtOn(b.output())).toBe(1);
  });

  it('builds a scheduled article once, when its date comes, though both nodes wait for it', async () => {
    const builds = () => builtOn(a.server.output()) + builtOn(b.output());
    const beforeSave = builds();
    const saved = await onB(
      'POST',
      '/admin/writing/articles',
      article('Nodes 定时的文章', formatDateTime(new Date(Date.now() + 90_000))),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { id, status } = saved.body.result as WritingArticle;
    expect(status).toBe('scheduled');
    // The save's own build first: it does not show the article yet.
    await until(async () => builds() > beforeSave, 300_000, '保存后的构建结束');
    expect(await serves(b.url, `/article/${id}`, 'Nodes 定时的文章')).toBe(false);
    const before = builds();
    await until(() => serves(a.server.url, `/article/${id}`, 'Nodes 定时的文章'), 400_000, '定时的文章上线');
    await until(() => serves(b.url, `/article/${id}`, 'Nodes 定时的文章'), 30_000, 'B 也提供定时的文章');
    // Both nodes' timers have fired by now; a second build would have begun within the poll.
    await new Promise((resolve) => setTimeout(resolve, 8000));
    expect(await builder()).toBe('');
    expect(builds() - before).toBe(1);
  });

  it('loses nothing acknowledged when the builder is killed mid-build and mid-burst, and the lease passes on', async () => {
    const nodes = [a.server, b];
    const viewed = 1;
    const views = async () =>
      Number((await a.sql('SELECT views FROM article_stats WHERE article_id = ?', [viewed]))[0]?.views ?? 0);
    const before = await views();
    let acknowledged = 0;
    let sent = 0;
    let stopping = false;
    let dead = -1;
    // 16 readers on both nodes; once one is killed, a load balancer sends them all to the other.
    const reader = async (n: number) => {
      for (let i = 0; !stopping; i++) {
        const node = n % 2 === dead ? 1 - dead : n % 2;
        sent++;
        try {
          const res = await fetch(`${nodes[node].url}/api/article/view/${viewed}`, {
            method: 'PUT',
            headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-Forwarded-For': `10.${BLOCK}.${n}.${(i % 250) + 1}` },
          });
          if (res.status === 200) acknowledged++;
        } catch {
          // A call in flight at the kill: not acknowledged.
        }
      }
    };
    const readers = Array.from({ length: 16 }, (_, n) => reader(n));
    while (acknowledged < 200) await new Promise((resolve) => setTimeout(resolve, 10));
    const asked = await a.call('POST', '/admin/writing/publish', { headers: owner.auth });
    expect(asked.status).toBe(200);
    await until(async () => (await builder()).length > 0, 60_000, '有节点开始构建');
    const holder = await builder();
    dead = nodes.findIndex((node) => holder.includes(`/${node.pid}/`));
    expect(dead, holder).toBeGreaterThanOrEqual(0);
    const survivor = nodes[1 - dead];
    const builtBefore = builtOn(survivor.output());
    await until(async () => buildProcesses().length === 1, 30_000, '构建进程已启动');
    await nodes[dead].crash();
    // Its build ends with it (its standard input closes), long before its lease runs out: it never goes live beside the next one.
    await until(async () => buildProcesses().length === 0, 10_000, '被杀节点的构建进程退出');
    expect(await builder()).toBe(holder);

    // The survivor carries on, takes the lease once the dead one's runs out, and builds what it was building.
    await until(async () => (await builder()).includes(`/${survivor.pid}/`), 90_000, '租约转到另一个节点');
    await until(() => serves(survivor.url, '/home', '</html>'), 10_000, '另一个节点继续提供页面');
    await until(async () => builtOn(survivor.output()) > builtBefore, 300_000, '另一个节点完成构建');
    stopping = true;
    await Promise.all(readers);

    // A's database connection here is the test's own: it works with A dead.
    const counted = (await views()) - before;
    expect(counted).toBeGreaterThanOrEqual(acknowledged);
    expect(counted).toBeLessThanOrEqual(sent);
  });
});
