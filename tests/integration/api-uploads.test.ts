import Database from 'libsql';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng, pngClaiming } from '../fixtures/images';
import { MAX_IMAGE_SIDE_PX } from '../../src/contract/limits';
import { bearer, freshIp as nextIp, newPerson } from './people';
import { startApi, type ApiClient } from './api';
import { secondsFromNow, TEST_ENGINE } from './databases';

let api: ApiClient;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api?.stop());

/** Uploads and registrations are limited per address; each request here comes from its own. */
const freshIp = () => nextIp(40);
const newUser = (username: string) => newPerson(api, username, 40);

async function upload(token: string, bytes = makePng(), ip = freshIp()) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'image.png');
  const res = await fetch(`${api.server.url}/api/upload/img`, {
    method: 'POST',
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-Forwarded-For': ip, ...bearer(token) },
    body: form,
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const setAvatar = (token: string, avatar: string) =>
  api.call('PUT', '/user/updateOwnUserInfo', { headers: bearer(token), body: { avatar } });
const onDisk = (path: string) => existsSync(join(api.dir, 'uploads', path.replace('/uploads/', '')));
const filesOnDisk = () => (existsSync(join(api.dir, 'uploads')) ? readdirSync(join(api.dir, 'uploads')).length : 0);

const sql = (statement: string, args: (string | number | Date)[] = []) => api.sql(statement, args);

describe('image size', () => {
  it.each([
    ['20000 × 20000 px (a decompression bomb)', 20_000, 20_000],
    [`${MAX_IMAGE_SIDE_PX + 1} px wide`, MAX_IMAGE_SIDE_PX + 1, 1],
    [`${MAX_IMAGE_SIDE_PX + 1} px tall`, 1, MAX_IMAGE_SIDE_PX + 1],
    ['16 004 000 pixels in all', 4000, 4001],
  ])('refuses an image of %s, storing nothing', async (_case, width, height) => {
    const { token } = await newUser(`big${width}x${height}`);
    const before = filesOnDisk();
    const refused = await upload(token, pngClaiming(width, height));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      `图片尺寸太大（${width}×${height}）：宽和高都不能超过 ${MAX_IMAGE_SIDE_PX} 像素，总共不超过 1600 万像素`,
    );
    expect(refused.body.result.fields).toEqual(['file']);
    expect(filesOnDisk()).toBe(before);
  });

  it('takes an image at the limit, and refuses one whose header cannot be read', async () => {
    const { token } = await newUser('edgeimage');
    expect((await upload(token, makePng(MAX_IMAGE_SIDE_PX, 2))).status).toBe(200);
    const broken = makePng();
    broken.writeUInt32BE(0, 16); // width 0 in the header
    const refused = await upload(token, broken);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('图片无法读取，可能已经损坏');
  });
});

describe('upload quota', () => {
  it('records who uploaded each file, and refuses the 51st file in 24 hours', async () => {
    const { id, token } = await newUser('manyfiles');
    const first = await upload(token);
    expect(await sql('SELECT user_id, bytes FROM uploads WHERE path = ?', [first.body.result.url])).toEqual([
      expect.objectContaining({ user_id: id, bytes: makePng().length }),
    ]);
    for (let i = 1; i < 50; i++) expect((await upload(token)).status).toBe(200);

    const before = filesOnDisk();
    const refused = await upload(token);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^24 小时内最多上传 50 张图片，请 2\d 小时后再试$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(filesOnDisk()).toBe(before);

    // The quota is per user: another reader still uploads.
    expect((await upload((await newUser('fewfiles')).token)).status).toBe(200);
  });

  it('counts per address too: a new account from the same place brings no fresh quota', async () => {
    const place = freshIp();
    const big = Buffer.concat([makePng(), Buffer.alloc(2_000_000 - makePng().length)]);
    // Two accounts from one address share its 20 MB.
    for (let i = 0; i < 5; i++)
      expect((await upload((await newUser(`sameplace${i}`)).token, big, place)).status).toBe(200);
    const second = (await newUser('sameplacex')).token;
    for (let i = 0; i < 5; i++) expect((await upload(second, big, place)).status).toBe(200);
    const refused = await upload((await newUser('sameplacey')).token, big, place);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^24 小时内上传的图片合计不能超过 20 MB/);
    // The same account elsewhere has its own day left.
    expect((await upload(second, makePng())).status).toBe(200);
  });

  it('removes uploads nothing uses once a day has passed, and keeps those in use', async () => {
    const { token } = await newUser('orphans');
    const used = (await upload(token)).body.result.url as string;
    const unused = (await upload(token)).body.result.url as string;
    const fresh = (await upload(token)).body.result.url as string;
    expect((await setAvatar(token, used)).status).toBe(200);
    await sql('UPDATE uploads SET created_at = ? WHERE path IN (?, ?)', [secondsFromNow(-2 * 86400), used, unused]);
    // The sweep runs at start and every hour after.
    await api.restart();
    expect(onDisk(unused)).toBe(false);
    expect(await sql('SELECT path FROM uploads WHERE path = ?', [unused])).toEqual([]);
    expect(onDisk(used)).toBe(true);
    // A fresh one may still be on its way into a form.
    expect(onDisk(fresh)).toBe(true);
  });

  it('refuses an upload that would take the day past 20 MB', async () => {
    const { token } = await newUser('bigfiles');
    const big = Buffer.concat([makePng(), Buffer.alloc(2_000_000 - makePng().length)]);
    for (let i = 0; i < 10; i++) expect((await upload(token, big)).status).toBe(200);
    const refused = await upload(token, big);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^24 小时内上传的图片合计不能超过 20 MB，请 2\d 小时后再试$/);
    // Room for a small one remains.
    expect((await upload(token)).status).toBe(200);
  });

  /** Uploads the user made earlier today, written straight into the table. */
  async function pastUploads(userId: number, sizes: number[]) {
    for (const bytes of sizes) {
      await sql('INSERT INTO uploads (path, user_id, bytes, created_at) VALUES (?, ?, ?, ?)', [
        `/uploads/${randomBytes(16).toString('hex')}.png`,
        userId,
        bytes,
        new Date(),
      ]);
    }
  }
  const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort();

  /**
   * Another process on the same database in the middle of recording the user's upload, as a second
   * server would: on SQLite it holds the write lock (BEGIN IMMEDIATE); on PostgreSQL, which has no
   * such lock, it checks the quota and records in a SERIALIZABLE transaction, as the server does.
   * `commit` answers 'committed', or the SQLSTATE of the error that ended the transaction.
   */
  async function anotherProcessRecords(userId: number): Promise<{ commit(): Promise<string> }> {
    const path = `/uploads/${randomBytes(16).toString('hex')}.png`;
    if (TEST_ENGINE === 'sqlite') {
      const other = new Database(api.databaseUrl.replace(/^file:/, ''), { timeout: 5000 });
      other.exec('BEGIN IMMEDIATE');
      other
        .prepare('INSERT INTO uploads (path, user_id, bytes, created_at) VALUES (?, ?, 1000, ?)')
        .run(path, userId, Math.floor(Date.now() / 1000));
      return {
        async commit() {
          other.exec('COMMIT');
          other.close();
          return 'committed';
        },
      };
    }
    const other = new pg.Client({ connectionString: api.databaseUrl });
    await other.connect();
    await other.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
    await other.query("SELECT count(*) FROM uploads WHERE user_id = $1 AND created_at > now() - interval '1 day'", [
      userId,
    ]);
    await other.query('INSERT INTO uploads (path, user_id, bytes, created_at) VALUES ($1, $2, 1000, now())', [
      path,
      userId,
    ]);
    return {
      async commit() {
        try {
          await other.query('COMMIT');
          return 'committed';
        } catch (error) {
          return String((error as { code?: string }).code);
        } finally {
          await other.end();
        }
      },
    };
  }

  it('lets exactly one of ten parallel uploads take the last file of the day', async () => {
    const { id, token } = await newUser('racefiles');
    await pastUploads(id, Array(49).fill(1000));
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(token)));
    expect(statuses(answers)).toEqual([200, ...Array(9).fill(429)]);
    for (const refused of answers.filter((a) => a.status === 429))
      expect(refused.body.message).toMatch(/^24 小时内最多上传 50 张图片/);
    expect(await sql('SELECT count(*) AS n FROM uploads WHERE user_id = ?', [id])).toEqual([
      expect.objectContaining({ n: 50 }),
    ]);
  });

  it('checks the quota and records the upload as one step, so one that another process records meanwhile counts', async () => {
    const { id, token } = await newUser('otherprocess');
    await pastUploads(id, Array(49).fill(1000));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(makePng())], { type: 'image/png' }), 'image.png');
    const multipart = new Request('http://localhost/', { method: 'POST', body: form });
    const body = Buffer.from(await multipart.arrayBuffer());
    // The upload's budget and early quota check pass while the body is still on its way...
    const sending = request(`${api.server.url}/api/upload/img`, {
      method: 'POST',
      headers: {
        'Content-Type': multipart.headers.get('Content-Type')!,
        'X-Requested-With': 'XMLHttpRequest',
        'X-Forwarded-For': freshIp(),
        ...bearer(token),
      },
    });
    const answer = new Promise<{ status: number; message: string }>((resolve, reject) => {
      sending.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, message: JSON.parse(Buffer.concat(chunks).toString()).message }),
        );
      });
      sending.on('error', reject);
    });
    sending.write(body.subarray(0, 64));
    await new Promise((resolve) => setTimeout(resolve, 500));
    // ...then another process starts recording the user's 50th upload of the day, and the body arrives.
    const other = await anotherProcessRecords(id);
    sending.end(body.subarray(64));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const otherEnded = await other.commit();
    const answered = await answer;
    if (TEST_ENGINE === 'sqlite') {
      // SQLite's one writer: the server's check waits for the other process's write lock, then counts its upload.
      expect(otherEnded).toBe('committed');
      expect(answered.status).toBe(429);
      expect(answered.message).toMatch(/^24 小时内最多上传 50 张图片/);
    } else {
      // PostgreSQL has no such lock: both checks see 49, and SERIALIZABLE lets the first to commit (the
      // server's) in and cancels the other (40001), which that node would run again and then refuse.
      expect(answered.status).toBe(200);
      expect(otherEnded).toBe('40001');
    }
    expect(await sql('SELECT count(*) AS n FROM uploads WHERE user_id = ?', [id])).toEqual([
      expect.objectContaining({ n: 50 }),
    ]);
  });

  it('lets exactly one of ten parallel uploads take the last bytes of the day', async () => {
    const { id, token } = await newUser('racebytes');
    const size = makePng().length;
    // Room for one more image and a half.
    await pastUploads(id, [20 * 1024 * 1024 - Math.floor(1.5 * size)]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(token)));
    expect(statuses(answers)).toEqual([200, ...Array(9).fill(429)]);
    for (const refused of answers.filter((a) => a.status === 429))
      expect(refused.body.message).toMatch(/^24 小时内上传的图片合计不能超过 20 MB/);
    expect(await sql('SELECT count(*) AS n FROM uploads WHERE user_id = ?', [id])).toEqual([
      expect.objectContaining({ n: 2 }),
    ]);
  });
});

describe('a slow connection', () => {
  it('takes an upload whose body takes longer to arrive than the API gives a handler, and records it once', async () => {
    const { id, token } = await newUser('slowphone');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(makePng(400, 300))], { type: 'image/png' }), 'image.png');
    const multipart = new Request('http://localhost/', { method: 'POST', body: form });
    const body = Buffer.from(await multipart.arrayBuffer());
    const sending = request(`${api.server.url}/api/upload/img`, {
      method: 'POST',
      headers: {
        'Content-Type': multipart.headers.get('Content-Type')!,
        'X-Requested-With': 'XMLHttpRequest',
        'X-Forwarded-For': freshIp(),
        ...bearer(token),
      },
    });
    const answer = new Promise<{ status: number; body: { message: string; result: { url: string } } }>(
      (resolve, reject) => {
        sending.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) }));
        });
        sending.on('error', reject);
      },
    );
    // A phone on a weak signal: the body trickles in over some 12 seconds, within the server's 60 s for a whole request.
    const pieces = 12;
    const size = Math.ceil(body.length / pieces);
    for (let i = 0; i < pieces; i++) {
      sending.write(body.subarray(i * size, (i + 1) * size));
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    sending.end();
    const uploaded = await answer;
    expect(uploaded.status, uploaded.body.message).toBe(200);
    expect(onDisk(uploaded.body.result.url)).toBe(true);
    expect(await sql('SELECT path FROM uploads WHERE user_id = ?', [id])).toEqual([{ path: uploaded.body.result.url }]);
  }, 30_000);
});

describe('avatars', () => {
  it('replacing an avatar removes the file it replaced', async () => {
    const { token } = await newUser('changesface');
    const first = (await upload(token)).body.result.url;
    expect((await setAvatar(token, first)).body.result.avatar).toBe(api.server.url + first);
    const second = (await upload(token)).body.result.url;
    expect((await setAvatar(token, second)).body.result.avatar).toBe(api.server.url + second);

    expect(onDisk(first)).toBe(false);
    expect((await fetch(api.server.url + first)).status).toBe(404);
    expect(onDisk(second)).toBe(true);

    // Clearing the avatar removes it too; the removed file cannot be set again.
    expect((await setAvatar(token, '')).body.result.avatar).toBe('');
    expect(onDisk(second)).toBe(false);
    const again = await setAvatar(token, second);
    expect(again.status).toBe(400);
    expect(again.body.result.fields).toEqual(['avatar']);
  });

  it('keeps a replaced file that something else still uses', async () => {
    const { token } = await newUser('sharesface');
    const { id: otherId } = await newUser('alsouses');
    const shared = (await upload(token)).body.result.url;
    await setAvatar(token, shared);
    // Another row pointing at the same file, as data from before upload owners were recorded may.
    await sql('UPDATE users SET avatar = ? WHERE id = ?', [shared, otherId]);

    const next = (await upload(token)).body.result.url;
    expect((await setAvatar(token, next)).status).toBe(200);
    expect(onDisk(shared)).toBe(true);
    expect((await api.call('GET', `/user/getUserInfoById/${otherId}`)).body.result.avatar).toBe(
      api.server.url + shared,
    );
  });

  it("refuses someone else's upload, or a made-up path, as one's avatar", async () => {
    const owner = await newUser('ownsfile');
    const taker = await newUser('takesfile');
    const theirs = (await upload(owner.token)).body.result.url;

    const refused = await setAvatar(taker.token, theirs);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: 400,
      message: '只能使用自己上传的图片作为头像',
      result: { fields: ['avatar'] },
    });
    expect((await setAvatar(taker.token, `/uploads/${'0'.repeat(32)}.png`)).status).toBe(400);
    expect((await api.call('GET', `/user/getUserInfoById/${taker.id}`)).body.result.avatar).toBe('');
    expect(onDisk(theirs)).toBe(true);
  });
});
