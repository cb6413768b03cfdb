/** `npm run backup` under a write load, and `npm run restore` into an empty folder. */
import { createClient } from '@libsql/client';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_KEY_FILE } from '../../src/server/licenses/keys';
import type { ApiClient } from './api';
import { freshIp, startOwnedApi } from './people';
import { runScript as run } from './scripts';

const BLOCK = 81;

let api: ApiClient;
let backups: string;
beforeAll(async () => {
  api = await startOwnedApi();
  backups = mkdtempSync(join(tmpdir(), 'blog-backups-'));
});
afterAll(async () => {
  await api?.stop();
  rmSync(backups, { recursive: true, force: true });
});

const dataEnv = () => ({
  DATABASE_URL: `file:${join(api.dir, 'blog.db')}`,
  UPLOAD_DIR: join(api.dir, 'uploads'),
  LICENSE_KEY_DIR: api.dir,
  BACKUP_DIR: backups,
  CONTENT_DIR: join(api.dir, 'content'),
});

describe('npm run backup', () => {
  it('takes a consistent snapshot during a write load that restores with every write acknowledged before it began', async () => {
    mkdirSync(join(api.dir, 'uploads'), { recursive: true });
    writeFileSync(join(api.dir, 'uploads', 'kept.png'), 'not really a png');
    for (const part of ['articles/images', 'talks', '.trash/articles'])
      mkdirSync(join(api.dir, 'content', part), { recursive: true });
    writeFileSync(join(api.dir, 'content', 'articles', '0001.md'), '---\nid: 1\n---\n文章');
    writeFileSync(join(api.dir, 'content', 'articles', 'images', 'a.png'), 'image');
    writeFileSync(join(api.dir, 'content', '.trash', 'articles', '0002.md'), '---\nid: 2\n---\n回收站里的');
    const acknowledged: string[] = [];
    let writing = true;
    let n = 0;
    const writer = (async () => {
      while (writing) {
        const username = `load${++n}`;
        const res = await api.call('POST', '/user/register', {
          body: { username, password: 'password123', nick_name: username },
          ip: freshIp(BLOCK),
        });
        if (res.status === 200) acknowledged.push(username);
      }
    })();
    while (acknowledged.length < 10) await new Promise((resolve) => setTimeout(resolve, 20));
    const before = [...acknowledged];
    const backup = await run('scripts/backup.ts', [], dataEnv());
    writing = false;
    await writer;
    expect(backup.code, backup.output).toBe(0);
    expect(acknowledged.length).toBeGreaterThan(before.length);

    const [snapshot] = readdirSync(backups);
    const restored = mkdtempSync(join(tmpdir(), 'blog-restored-'));
    try {
      const target = {
        DATABASE_URL: `file:${join(restored, 'data', 'blog.db')}`,
        UPLOAD_DIR: join(restored, 'data', 'uploads'),
        LICENSE_KEY_DIR: join(restored, 'data'),
        CONTENT_DIR: join(restored, 'content'),
      };
      // The content folder of a fresh checkout is not empty: what is there is moved aside, not lost.
      mkdirSync(join(restored, 'content', 'articles'), { recursive: true });
      writeFileSync(join(restored, 'content', 'articles', 'demo.md'), 'demo');
      const restore = await run('scripts/restore.ts', [join(backups, snapshot)], target);
      expect(restore.code, restore.output).toBe(0);
      const db = createClient({ url: target.DATABASE_URL });
      try {
        expect((await db.execute('PRAGMA integrity_check')).rows[0][0]).toBe('ok');
        const names = new Set((await db.execute('SELECT username FROM users')).rows.map((row) => String(row.username)));
        expect(before.filter((name) => !names.has(name))).toEqual([]);
      } finally {
        db.close();
      }
      expect(existsSync(join(restored, 'data', 'uploads', 'kept.png'))).toBe(true);
      expect(statSync(join(restored, 'data', PRIVATE_KEY_FILE)).mode & 0o777).toBe(0o600);
      expect(readFileSync(join(restored, 'content', 'articles', '0001.md'), 'utf8')).toContain('文章');
      expect(existsSync(join(restored, 'content', 'articles', 'images', 'a.png'))).toBe(true);
      expect(existsSync(join(restored, 'content', '.trash', 'articles', '0002.md'))).toBe(true);
      const [aside] = readdirSync(join(restored, 'content')).filter((name) => name.startsWith('.before-restore-'));
      expect(readFileSync(join(restored, 'content', aside, 'articles', 'demo.md'), 'utf8')).toBe('demo');
      // Restoring again would overwrite: refused.
      const again = await run('scripts/restore.ts', [join(backups, snapshot)], target);
      expect(again.code).toBe(1);
      expect(again.output).toContain('已存在');
    } finally {
      rmSync(restored, { recursive: true, force: true });
    }
  }, 60_000);

  it('makes every snapshot readable by its owner alone', async () => {
    expect((await run('scripts/backup.ts', [], dataEnv())).code).toBe(0);
    const snapshot = join(backups, readdirSync(backups).sort().at(-1)!);
    const modeOf = (path: string) => statSync(path).mode & 0o777;
    expect(modeOf(backups)).toBe(0o700);
    expect(modeOf(snapshot)).toBe(0o700);
    expect(modeOf(join(snapshot, 'blog.db'))).toBe(0o600);
  }, 60_000);

  it('keeps only the newest BACKUP_KEEP snapshots', async () => {
    for (let i = 0; i < 3; i++)
      expect((await run('scripts/backup.ts', [], { ...dataEnv(), BACKUP_KEEP: '2' })).code).toBe(0);
    expect(readdirSync(backups)).toHaveLength(2);
  }, 60_000);

  it('adds the music library when asked with --music, and restores it into an empty MUSIC_DIR', async () => {
    const music = join(api.dir, 'music-library');
    mkdirSync(join(music, '周末'), { recursive: true });
    writeFileSync(join(music, '周末', '晴天.mp3'), 'not really audio');
    const without = await run('scripts/backup.ts', [], { ...dataEnv(), MUSIC_DIR: music, BACKUP_KEEP: '10' });
    expect(without.code, without.output).toBe(0);
    expect(existsSync(join(backups, readdirSync(backups).sort().at(-1)!, 'music'))).toBe(false);
    const withMusic = await run('scripts/backup.ts', ['--music'], {
      ...dataEnv(),
      MUSIC_DIR: music,
      BACKUP_KEEP: '10',
    });
    expect(withMusic.code, withMusic.output).toBe(0);
    const snapshot = join(backups, readdirSync(backups).sort().at(-1)!);
    expect(JSON.parse(readFileSync(join(snapshot, 'manifest.json'), 'utf8')).music).toBe(1);
    const restored = mkdtempSync(join(tmpdir(), 'blog-restored-music-'));
    try {
      const target = {
        DATABASE_URL: `file:${join(restored, 'blog.db')}`,
        UPLOAD_DIR: join(restored, 'uploads'),
        LICENSE_KEY_DIR: restored,
        CONTENT_DIR: join(restored, 'content'),
        MUSIC_DIR: join(restored, 'music'),
      };
      const restore = await run('scripts/restore.ts', [snapshot], target);
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toContain('1 个音乐库文件');
      expect(readFileSync(join(restored, 'music', '周末', '晴天.mp3'), 'utf8')).toBe('not really audio');
    } finally {
      rmSync(restored, { recursive: true, force: true });
    }
    const wrong = await run('scripts/backup.ts', ['--musik'], dataEnv());
    expect(wrong.code).toBe(2);
    expect(wrong.output).toContain('不认识的参数');
  }, 60_000);

  it('explains what it cannot back up', async () => {
    const remote = await run('scripts/backup.ts', [], { ...dataEnv(), DATABASE_URL: 'libsql://db.example.com' });
    expect(remote.code).toBe(1);
    expect(remote.output).toContain('只能备份本地 SQLite 文件');
    const missing = await run('scripts/restore.ts', [join(backups, 'nope')], dataEnv());
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('不是一个备份');
  });
});
