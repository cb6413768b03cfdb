/**
 * Readers behind one address (a carrier's NAT, a campus), over HTTP against the production server:
 * each browser is counted as itself by its reader cookie; a client that sends no cookie is capped
 * per address without ever being shown an error for a view; and a kill -9 in the middle of counting
 * loses no acknowledged write.
 */
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTED_PER_MINUTE, LIKES_PER_MINUTE } from '../../src/contract/limits';
import type { ContentIndex } from '../../src/lib/node/contentIndex';
import { startApi, type ApiAnswer, type ApiClient } from './api';

const index: ContentIndex = JSON.parse(readFileSync('dist/server/content/index.json', 'utf8'));
const READERS = 150;
const LIKERS = 20;

let api: ApiClient;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.stop();
});

/** A browser: it keeps the reader cookie the server gives it, and sends it back. */
function browser(ip: string) {
  let cookie: string | null = null;
  return async (method: string, path: string, body?: unknown): Promise<ApiAnswer> => {
    const answer = await api.call(method, path, { ip, body, headers: cookie ? { Cookie: cookie } : {} });
    const given = answer.headers.get('set-cookie')?.match(/blog_reader=[^;]+/)?.[0];
    if (given && !cookie) cookie = given;
    return answer;
  };
}

const counters = async (id: number) => {
  const [article] = await api.sql('SELECT views, likes FROM article_stats WHERE article_id = ?', [id]);
  const [site] = await api.sql("SELECT value FROM site_stats WHERE name = 'views'");
  return {
    views: Number(article?.views ?? 0),
    likes: Number(article?.likes ?? 0),
    siteViews: Number(site?.value ?? 0),
  };
};

describe('readers behind one address', () => {
  it(`counts ${READERS} browsers as ${READERS} readers: every view, every site view, and the likes of ${LIKERS}, each seeing its own`, async () => {
    const id = index.articles[2].id;
    const before = await counters(id);
    const readers = Array.from({ length: READERS }, () => browser('10.23.0.1'));

    const statuses: number[] = [];
    await Promise.all(
      readers.map(async (read) => {
        statuses.push((await read('PUT', '/config/addView')).status, (await read('PUT', `/article/view/${id}`)).status);
      }),
    );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    const likers = readers.slice(0, LIKERS);
    const likes = await Promise.all(likers.map((read) => read('PUT', `/article/like/${id}`)));
    expect(likes.map((answer) => answer.body.code)).toEqual(Array(LIKERS).fill(0));

    const after = await counters(id);
    expect(after.views - before.views).toBe(READERS);
    expect(after.siteViews - before.siteViews).toBe(READERS);
    expect(after.likes - before.likes).toBe(LIKERS);

    const seen = await Promise.all(
      readers.map(async (read) => (await read('GET', `/article/isLike/${id}`)).body.result),
    );
    expect(seen).toEqual(readers.map((_, i) => i < LIKERS));
    // The page's own call says the same: liked for the likers only.
    const onPage = await Promise.all(
      readers.map(async (read) => (await read('PUT', `/article/view/${id}`)).body.result.is_like),
    );
    expect(onPage).toEqual(readers.map((_, i) => i < LIKERS));
  });

  it('counts a like twice from one browser once, and a second browser on the same address as another reader', async () => {
    const id = index.articles[3].id;
    const [first, second] = [browser('10.23.0.2'), browser('10.23.0.2')];
    await first('PUT', `/article/view/${id}`);
    expect((await first('PUT', `/article/like/${id}`)).body).toMatchObject({ code: 0, result: 1 });
    expect((await first('PUT', `/article/like/${id}`)).body).toMatchObject({ code: 100, result: 1 });
    expect((await first('POST', '/like/addLike', { for_id: id, type: 1 })).body.result).toBe(true);
    expect((await counters(id)).likes).toBe(1);
    expect((await second('GET', `/article/isLike/${id}`)).body.result).toBe(false);
    expect((await second('PUT', `/article/like/${id}`)).body).toMatchObject({ code: 0, result: 2 });
  });
});

describe('a client that sends no cookie', () => {
  it(`is a new browser on every call: no view is refused, at most ${COUNTED_PER_MINUTE} a minute are counted, and likes stop at ${LIKES_PER_MINUTE} with a 429`, async () => {
    const id = index.articles[4].id;
    const ip = '10.23.1.1';
    const before = await counters(id);
    const flood = COUNTED_PER_MINUTE + 50;
    const answers: ApiAnswer[] = [];
    for (let batch = 0; batch < flood; batch += 50) {
      const calls = Array.from({ length: 50 }, () => [
        api.call('PUT', `/article/view/${id}`, { ip }),
        api.call('PUT', '/config/addView', { ip }),
      ]).flat();
      answers.push(...(await Promise.all(calls)));
    }
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    const after = await counters(id);
    expect(after.views - before.views).toBe(COUNTED_PER_MINUTE);
    expect(after.siteViews - before.siteViews).toBe(COUNTED_PER_MINUTE);
    // Past the quota the answer still carries the counters, as they stand.
    expect(answers.at(-2)!.body.result.view_times).toBe(after.views);

    const likes = await Promise.all(
      Array.from({ length: LIKES_PER_MINUTE + 10 }, () => api.call('PUT', `/article/like/${id}`, { ip })),
    );
    expect(likes.filter((answer) => answer.status === 200)).toHaveLength(LIKES_PER_MINUTE);
    const refused = likes.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0].body.message).toBe(`这个网络的点赞太频繁了，每分钟最多 ${LIKES_PER_MINUTE} 次，请稍后再试`);
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await counters(id)).likes - before.likes).toBe(LIKES_PER_MINUTE);
  });

  it('does not hold back a reader with an account behind the same address', async () => {
    const id = index.articles[4].id;
    const ip = '10.23.1.1';
    const username = `natreader${Date.now() % 100000}`;
    expect(
      (await api.call('POST', '/user/register', { body: { username, password: 'password123' }, ip: '10.23.9.9' }))
        .status,
    ).toBe(200);
    const { token } = (
      await api.call('POST', '/user/login', { body: { username, password: 'password123' }, ip: '10.23.9.9' })
    ).body.result;
    expect(
      (await api.call('PUT', `/article/like/${id}`, { ip, headers: { Authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
  });
});

describe('views beside other requests', () => {
  // Views wait behind the requests in flight (src/server/http/countingLane.ts); they must never wait for one to end.
  it('answers and counts every view while another request stays open', async () => {
    const id = index.articles[6].id;
    const before = await counters(id);
    const { hostname, port } = new URL(api.server.url);
    // A login whose body never comes is being served until the connection closes. The server says
    // 100 Continue as it hands the request to the app, so the views below come after it.
    const open = connect(Number(port), hostname);
    const handedOver = new Promise((resolve) =>
      open.on('data', (data) => data.toString('latin1').includes(' 100 Continue') && resolve(true)),
    );
    open.write(
      `POST /api/user/login HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\nX-Requested-With: XMLHttpRequest\r\n\r\n`,
    );
    await handedOver;
    try {
      const readers = Array.from({ length: 20 }, () => browser('10.25.0.1'));
      const answers = await Promise.all(readers.map((read) => read('PUT', `/article/view/${id}`)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      expect(open.destroyed).toBe(false);
      expect((await counters(id)).views - before.views).toBe(20);
    } finally {
      open.destroy();
    }
  });
});

describe('a kill -9 while views are being counted', () => {
  it('loses no view that was acknowledged', async () => {
    const id = index.articles[5].id;
    const before = (await counters(id)).views;
    let acknowledged = 0;
    let sent = 0;
    // 32 readers keep counting (each from its own address, so no quota stops them) until the server dies.
    const reader = async (n: number) => {
      for (let i = 0; ; i++) {
        sent++;
        try {
          const answer = await api.call('PUT', `/article/view/${id}`, { ip: `10.24.${n}.${(i % 250) + 1}` });
          if (answer.status === 200) acknowledged++;
        } catch {
          return;
        }
      }
    };
    const readers = Array.from({ length: 32 }, (_, n) => reader(n));
    while (acknowledged < 500) await new Promise((resolve) => setTimeout(resolve, 10));
    await api.restart({ crash: true });
    await Promise.all(readers);

    const counted = (await counters(id)).views - before;
    expect(counted).toBeGreaterThanOrEqual(acknowledged);
    // Only the calls in flight at the kill may have been counted without an answer.
    expect(counted).toBeLessThanOrEqual(sent);
  });
});
