/** Databases left by earlier releases, upgraded by the server's migrations at start. */
import { createClient, type Client } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentIndex } from '../../src/lib/node/contentIndex';
import { startApi, type ApiClient } from './api';

const index: ContentIndex = JSON.parse(readFileSync('dist/server/content/index.json', 'utf8'));
const [read, unread] = index.articles;

let dir: string;

/** A database migrated up to, and not including, the migration `tag`; `fill` writes the old release's rows. */
async function databaseBefore(tag: string, fill: (client: Client) => Promise<void>): Promise<string> {
  const migrations = join(dir, `drizzle-${tag}`);
  cpSync('drizzle', migrations, { recursive: true });
  const journalFile = join(migrations, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag < tag);
  writeFileSync(journalFile, JSON.stringify(journal));

  const file = join(dir, `${tag}.db`);
  const client = createClient({ url: `file:${file}` });
  await migrate(drizzle(client), { migrationsFolder: migrations });
  await fill(client);
  client.close();
  return `file:${file}`;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'blog-migrations-'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('reading time stored in seconds by an earlier release', () => {
  let api: ApiClient;
  beforeAll(async () => {
    const url = await databaseBefore('0002_hardening', async (client) => {
      await client.execute({
        sql: 'INSERT INTO article_stats (article_id, views, likes, reading_seconds) VALUES (?, 3, 1, 42)',
        args: [read.id],
      });
      await client.execute({
        sql: 'INSERT INTO article_stats (article_id, views, likes, reading_seconds) VALUES (?, 1, 0, 0)',
        args: [unread.id],
      });
    });
    api = await startApi({ DATABASE_URL: url });
  });
  afterAll(() => api?.stop());

  it('reads back in milliseconds after the server migrates at start', async () => {
    const live = (await api.call('PUT', `/article/view/${read.id}`)).body.result;
    expect(live).toMatchObject({ view_times: 4, thumbs_up_times: 1, reading_duration: 42_000 });
    expect((await api.call('GET', `/article/getArticleById/${read.id}`)).body.result.reading_duration).toBe(42_000);
    expect((await api.call('PUT', `/article/view/${unread.id}`)).body.result.reading_duration).toBe(0);
  });

  it('adds new milliseconds to the converted total', async () => {
    expect((await api.call('PUT', `/article/addReadingDuration/${read.id}/1500`)).body.result).toBe(43_500);
  });
});

describe('roles stored as words by an earlier release', () => {
  const ownerToken = 'a'.repeat(64);
  const readerToken = 'b'.repeat(64);
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  let api: ApiClient;
  beforeAll(async () => {
    const url = await databaseBefore('0003_community', async (client) => {
      const later = Math.floor(Date.now() / 1000) + 86_400;
      await client.execute(
        "INSERT INTO users (id, username, password_hash, nick_name, role) VALUES (1, 'owner', 'x', '站长', 'admin'), (2, 'reader', 'x', '读者', 'user')",
      );
      await client.execute({
        sql: 'INSERT INTO sessions (token_hash, user_id, expires_at) VALUES (?, 1, ?), (?, 2, ?)',
        args: [sha256(ownerToken), later, sha256(readerToken), later],
      });
    });
    api = await startApi({ DATABASE_URL: url });
  });
  afterAll(() => api?.stop());

  it('become 1 for an admin and 2 for a user, and nobody is logged out', async () => {
    const owner = await api.call('GET', '/user/getUserInfo', { headers: { Authorization: ownerToken } });
    expect(owner.status).toBe(200);
    expect(owner.body.result).toMatchObject({ id: 1, nick_name: '站长', role: 1 });
    const reader = await api.call('GET', '/user/getUserInfo', { headers: { Authorization: readerToken } });
    expect(reader.body.result).toMatchObject({ id: 2, nick_name: '读者', role: 2 });
  });
});

describe('comments written before guests could comment', () => {
  let api: ApiClient;
  beforeAll(async () => {
    const url = await databaseBefore('0012_comment_guests', async (client) => {
      await client.execute(
        "INSERT INTO users (id, username, password_hash, nick_name, role) VALUES (1, 'owner', 'x', '站长', 1), (2, 'reader', 'x', '读者', 2)",
      );
      await client.execute({
        sql: "INSERT INTO comments (id, type, for_id, parent_id, user_id, content, likes, ip_location) VALUES (1, 1, ?, NULL, 2, '旧评论', 3, '上海')",
        args: [read.id],
      });
      await client.execute({
        sql: "INSERT INTO comments (id, type, for_id, parent_id, user_id, to_user_id, content) VALUES (2, 1, ?, 1, 1, 2, '旧回复')",
        args: [read.id],
      });
      await client.execute({ sql: "INSERT INTO likes (type, target_id, actor) VALUES ('comment', 1, 'ip:1.2.3.4')" });
    });
    api = await startApi({ DATABASE_URL: url });
  });
  afterAll(() => api?.stop());

  it('keep their writers, replies, likes and places through the rebuilt table, and none is held', async () => {
    const roots = (
      await api.call('POST', '/comment/frontGetParentComment', {
        body: { type: 1, for_id: read.id, current: 1, size: 10 },
      })
    ).body.result;
    expect(roots.list).toEqual([
      expect.objectContaining({
        id: 1,
        from_id: 2,
        from_name: '读者',
        content: '旧评论',
        thumbs_up: 3,
        childrenCount: 1,
        ipAddress: '上海',
      }),
    ]);
    expect(roots.list[0].held).toBeUndefined();
    const replies = (
      await api.call('POST', '/comment/frontGetChildrenComment', { body: { parent_id: 1, current: 1, size: 10 } })
    ).body.result;
    expect(replies.list).toEqual([
      expect.objectContaining({ id: 2, from_id: 1, to_id: 2, to_name: '读者', content: '旧回复' }),
    ]);
  });
});
