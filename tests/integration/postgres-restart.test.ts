/**
 * PostgreSQL restarted (a fast shutdown, then a start) under load from two app nodes: the nodes
 * reconnect by themselves, and every write they acknowledged is there. PostgreSQL only: it
 * restarts a private server of its own, which the rest of the suite must not share.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentIndex } from '../../src/lib/node/contentIndex';
import { startPostgres, type PrivatePostgres } from '../../scripts/lib/privatePostgres';
import { startApi, type ApiClient } from './api';
import { startServer, type RunningServer } from './serve';

const index: ContentIndex = JSON.parse(readFileSync('dist/server/content/index.json', 'utf8'));
const id = index.articles[3].id;

let postgres: PrivatePostgres;
let first: ApiClient;
let second: RunningServer;

beforeAll(async () => {
  postgres = await startPostgres({ settings: { fsync: 'off' } });
  first = await startApi({ DATABASE_URL: await postgres.createDatabase('restarted') });
  second = await startServer({
    DATABASE_URL: first.databaseUrl,
    UPLOAD_DIR: join(first.dir, 'uploads'),
    LICENSE_KEY_DIR: first.dir,
    TRUST_PROXY: 'loopback',
  });
});

afterAll(async () => {
  await second?.stop();
  await first?.stop();
  await postgres?.stop();
});

const views = async () =>
  Number((await first.sql('SELECT views FROM article_stats WHERE article_id = ?', [id]))[0]?.views ?? 0);

describe('a PostgreSQL restart under load', { timeout: 120_000 }, () => {
  it('is ridden out: both nodes answer again by themselves, and no acknowledged view is lost', async () => {
    const nodes = [first.server.url, second.url];
    const acknowledged = [0, 0];
    const afterRestart = [0, 0];
    let sent = 0;
    let restarted = false;
    let stopping = false;
    // 16 readers, each on one node and from addresses of its own, count views until told to stop.
    const reader = async (n: number) => {
      const node = n % 2;
      for (let i = 0; !stopping; i++) {
        sent++;
        const answer = await fetch(`${nodes[node]}/api/article/view/${id}`, {
          method: 'PUT',
          headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-Forwarded-For': `10.31.${n}.${(i % 250) + 1}` },
        });
        if (answer.status === 200) {
          acknowledged[node]++;
          if (restarted) afterRestart[node]++;
        } else {
          // Refused while the database is away: said in Chinese, and tried again a moment later.
          expect((await answer.json()).message).toBe('数据库正忙，请稍后再试');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    const readers = Array.from({ length: 16 }, (_, n) => reader(n));
    while (acknowledged[0] + acknowledged[1] < 300) await new Promise((resolve) => setTimeout(resolve, 10));
    await postgres.restart();
    restarted = true;
    while (Math.min(...afterRestart) < 100) await new Promise((resolve) => setTimeout(resolve, 10));
    stopping = true;
    await Promise.all(readers);

    const counted = await views();
    expect(counted).toBeGreaterThanOrEqual(acknowledged[0] + acknowledged[1]);
    expect(counted).toBeLessThanOrEqual(sent);
  });
});
