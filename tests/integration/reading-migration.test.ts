import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentIndex } from '../../src/lib/contentIndex';
import { startApi, type ApiClient } from './api';

const index: ContentIndex = JSON.parse(readFileSync('dist/server/content/index.json', 'utf8'));
const [read, unread] = index.articles;
const MS_MIGRATION = '0002_hardening';

let dir: string;
let api: ApiClient;

/** A database as the release before reading time moved to milliseconds left it. */
async function databaseInSeconds(file: string) {
  const migrations = join(dir, 'drizzle');
  cpSync('drizzle', migrations, { recursive: true });
  rmSync(join(migrations, `${MS_MIGRATION}.sql`));
  const journalFile = join(migrations, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag < MS_MIGRATION);
  writeFileSync(journalFile, JSON.stringify(journal));

  const client = createClient({ url: `file:${file}` });
  await migrate(drizzle(client), { migrationsFolder: migrations });
  await client.execute({ sql: 'INSERT INTO article_stats (article_id, views, likes, reading_seconds) VALUES (?, 3, 1, 42)', args: [read.id] });
  await client.execute({ sql: 'INSERT INTO article_stats (article_id, views, likes, reading_seconds) VALUES (?, 1, 0, 0)', args: [unread.id] });
  client.close();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blog-reading-ms-'));
  const file = join(dir, 'old.db');
  await databaseInSeconds(file);
  api = await startApi({ DATABASE_URL: `file:${file}` });
});

afterAll(async () => {
  await api?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('reading time stored in seconds by an earlier release', () => {
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
