/** The database holds password hashes and sessions: only its owner may read it, and the server says so when others can. */
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './serve';

const root = mkdtempSync(join(tmpdir(), 'blog-perms-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('data permissions', () => {
  it('creates the data folder 0700 and the database and its WAL 0600, with no warning', async () => {
    const data = join(root, 'fresh', 'data');
    const server = await startServer({
      DATABASE_URL: `file:${join(data, 'blog.db')}`,
      UPLOAD_DIR: join(root, 'fresh', 'uploads'),
    });
    // A write, so the WAL holds something.
    await fetch(`${server.url}/api/config/addView`, {
      method: 'PUT',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    const output = server.output();
    expect(modeOf(data)).toBe(0o700);
    expect(modeOf(join(data, 'blog.db'))).toBe(0o600);
    expect(existsSync(join(data, 'blog.db-wal'))).toBe(true);
    expect(modeOf(join(data, 'blog.db-wal'))).toBe(0o600);
    await server.stop();
    expect(output).not.toContain('警告');
  });

  it('warns at start when other users can read the data folder', async () => {
    const data = join(root, 'fresh', 'data');
    chmodSync(data, 0o755);
    const server = await startServer({
      DATABASE_URL: `file:${join(data, 'blog.db')}`,
      UPLOAD_DIR: join(root, 'fresh', 'uploads'),
    });
    const output = server.output();
    await server.stop();
    expect(output).toContain(`警告：其他用户可以读取数据库所在的目录或文件（${data}）`);
  });
});
