/**
 * `npm run db:copy`: a site used on SQLite moves to a private PostgreSQL, and a server on the copy
 * finds everything: accounts with their passwords, comments, counters, and new rows get new ids.
 * SQLite-project only: it uses both engines at once, the SQLite site as the source.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentIndex } from '../../src/lib/node/contentIndex';
import { startPostgres, type PrivatePostgres } from '../../scripts/lib/privatePostgres';
import { startApi, type ApiClient } from './api';
import { freshIp, newPerson, type Person } from './people';
import { runScript } from './scripts';

const BLOCK = 141;
const index: ContentIndex = JSON.parse(readFileSync('dist/server/content/index.json', 'utf8'));
const articleId = index.articles[0].id;

let postgres: PrivatePostgres;
let site: ApiClient;
let reader: Person;
let commentId: number;

beforeAll(async () => {
  postgres = await startPostgres({ settings: { fsync: 'off' } });
  site = await startApi();
  reader = await newPerson(site, 'mover', BLOCK, '搬家的人');
  const added = await site.call('POST', '/comment/add', {
    body: { type: 1, for_id: articleId, content: '搬家前的评论 C# ../x' },
    headers: reader.auth,
    ip: freshIp(BLOCK),
  });
  commentId = added.body.result.id;
  for (let i = 0; i < 3; i++) await site.call('PUT', `/article/view/${articleId}`, { ip: freshIp(BLOCK) });
  await site.call('POST', '/like/addLike', { body: { for_id: articleId, type: 1 }, ip: freshIp(BLOCK), reader: 'a' });
  // The copy is taken of a stopped site: writes made meanwhile would be left behind.
  await site.server.stop();
});

afterAll(async () => {
  await site?.stop();
  await postgres?.stop();
});

const copy = (target: string) => runScript('scripts/db-copy.ts', [target], { DATABASE_URL: site.databaseUrl });

describe('npm run db:copy', { timeout: 90_000 }, () => {
  it('copies every table into an empty PostgreSQL with equal counts and checksums, and refuses a database that is not empty', async () => {
    const target = await postgres.createDatabase('moved');
    const copied = await copy(target);
    expect(copied.output).toContain('行数和校验和全部一致');
    expect(copied.code).toBe(0);
    const tables = copied.output.split('\n').filter((line) => /^(一致|不一致) /.test(line));
    expect(tables).toHaveLength(28);
    expect(tables.every((line) => line.startsWith('一致 '))).toBe(true);
    expect(copied.output).toMatch(/一致 {2}users：1 行/);

    const again = await copy(target);
    expect(again.code).toBe(1);
    expect(again.output).toContain('目标数据库不是空的');

    // A server on the copy: the same reader logs in with the same password, and finds what was there.
    const moved = await startApi({ DATABASE_URL: target });
    try {
      const login = await moved.call('POST', '/user/login', {
        body: { username: 'mover', password: 'password123' },
        ip: freshIp(BLOCK),
      });
      expect(login.body.result).toMatchObject({ id: reader.id, nick_name: '搬家的人' });
      const roots = await moved.call('POST', '/comment/frontGetParentComment', {
        body: { type: 1, for_id: articleId, current: 1, size: 10 },
      });
      expect(roots.body.result.list).toEqual([
        expect.objectContaining({ id: commentId, content: '搬家前的评论 C# ../x' }),
      ]);
      const viewed = await moved.call('PUT', `/article/view/${articleId}`, { ip: freshIp(BLOCK) });
      expect(viewed.body.result).toMatchObject({ view_times: 4, thumbs_up_times: 1 });
      // New rows take ids after the copied ones.
      const next = await newPerson(moved, 'newcomer', BLOCK);
      expect(next.id).toBeGreaterThan(reader.id);
    } finally {
      await moved.stop();
    }
  });

  it('says how to use it when the target is not a PostgreSQL URL', async () => {
    const wrong = await copy('mysql://somewhere/blog');
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain('用法：npm run db:copy -- postgres://');
  });
});
