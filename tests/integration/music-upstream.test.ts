import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, rawGet } from './music';
import { startServer, type RunningServer } from './serve';

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
}

const song = (id: number) => ({
  id,
  name: `歌 ${id}`,
  ar: [{ id: 12138, name: '上游歌手' }],
  al: { id: 34, name: '上游专辑', picUrl: 'https://p1.music.126.net/cover.jpg' },
  alia: ['别名'],
  dt: 201_000,
  fee: 8,
  pop: 100,
});
const TOPLIST = {
  code: 200,
  list: [
    {
      id: 19723756,
      name: '飙升榜',
      coverImgUrl: 'https://p1.music.126.net/a.jpg',
      description: '每天更新',
      trackCount: 100,
      updateFrequency: '每天更新',
    },
  ],
  artistToplist: { coverUrl: 'https://p1.music.126.net/b.jpg' },
};

/** Lyrics from this id on are about 4.8 MB of JSON each (three bytes a character): seven pass the cache's 32 MB. */
const BIG_FIRST = 9000;
const BIG_CHARS = 1_600_000;

/** What the stand-in answers for a path and query, so a test can compare what /wapi passed on. */
function standInAnswer(url: URL): { status: number; body: unknown } | 'garbage' | 'slow' {
  const q = url.searchParams;
  switch (url.pathname) {
    case '/toplist/detail':
      return { status: 200, body: TOPLIST };
    case '/playlist/track/all':
      if (q.get('id') === '4242') {
        const { ar: _, ...bare } = song(2);
        return { status: 200, body: { code: 200, songs: [{ ...song(1), ar: [] }, bare, song(3)] } };
      }
      return { status: 200, body: { code: 200, songs: [song(1), song(2)], privileges: [{ id: 1 }] } };
    case '/song/detail':
      return {
        status: 200,
        body: { code: 200, songs: (q.get('ids') ?? '').split(',').map(Number).map(song), privileges: [] },
      };
    case '/song/url/v1':
      return {
        status: 200,
        body: {
          code: 200,
          data: [
            {
              id: Number(q.get('id')),
              url: 'https://m701.music.126.net/a.mp3',
              br: 320_000,
              size: 4_000_000,
              type: 'mp3',
              level: q.get('level'),
              time: 201_000,
            },
          ],
        },
      };
    case '/lyric':
      if (Number(q.get('id')) >= BIG_FIRST)
        return { status: 200, body: { code: 200, lrc: { version: 3, lyric: `[00:01.00]${'长'.repeat(BIG_CHARS)}` } } };
      return {
        status: 200,
        body: { code: 200, lrc: { version: 3, lyric: '[00:01.00]你好' }, tlyric: { version: 0, lyric: '' } },
      };
    case '/search/suggest':
      return q.get('keywords') === 'garbage'
        ? 'garbage'
        : { status: 200, body: { code: 200, result: { songs: [song(3)], order: ['songs'] } } };
    case '/cloudsearch':
      if (q.get('keywords') === 'slow') return 'slow';
      return {
        status: 200,
        body:
          q.get('type') === '100'
            ? { code: 200, result: { artists: [{ id: 5, name: '上游歌手', picUrl: '' }], artistCount: 1 } }
            : { code: 200, result: { songs: [song(4)], songCount: 1 } },
      };
    case '/artist/songs':
      return q.get('id') === '404'
        ? { status: 404, body: { code: 404, msg: '找不到这位歌手' } }
        : { status: 200, body: { code: 200, songs: [song(6)], more: false, total: 1 } };
    case '/artist/top/song':
      return { status: 200, body: { code: 200, songs: [song(7)], more: false } };
    default:
      return { status: 404, body: { code: 404, msg: 'not here' } };
  }
}

let dir: string;
let standIn: Server;
let server: RunningServer;
let base: string;
const seen: Seen[] = [];
const wapi = (path: string, headers?: Record<string, string>) => getJson(base, `/wapi${path}`, headers);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blog-upstream-'));
  standIn = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    const answer = standInAnswer(new URL(req.url ?? '/', 'http://stand-in'));
    if (answer === 'garbage')
      return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>维护中</html>');
    const send = (status: number, body: unknown) =>
      res
        .writeHead(status, { 'Content-Type': 'application/json', 'Set-Cookie': 'MUSIC_U=secret' })
        .end(JSON.stringify(body));
    // A slow upstream never answers: only our own timeout can end the request.
    if (answer === 'slow') return;
    send(answer.status, answer.body);
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const { port } = standIn.address() as { port: number };
  server = await startServer({
    MUSIC_UPSTREAM: `http://127.0.0.1:${port}`,
    // Long enough for a loaded machine; the slow stand-in never answers, so it is reached only there.
    MUSIC_UPSTREAM_TIMEOUT_MS: '3000',
    MUSIC_DIR: join(dir, 'music'),
    DATABASE_URL: `file:${join(dir, 'blog.db')}`,
    UPLOAD_DIR: join(dir, 'uploads'),
  });
  base = server.url;
});

afterAll(async () => {
  await server?.stop();
  standIn.closeAllConnections();
  await new Promise((resolve) => standIn.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('upstream mode', () => {
  it.each([
    ['/toplist/detail', '/toplist/detail?'],
    ['/playlist/track/all?id=3778678', '/playlist/track/all?id=3778678&limit=30&offset=0'],
    ['/song/detail?ids=1,2', '/song/detail?ids=1%2C2'],
    ['/song/url/v1?id=33894312&level=exhigh', '/song/url/v1?id=33894312&level=exhigh'],
    ['/lyric?id=33894312', '/lyric?id=33894312'],
    [
      `/search/suggest?keywords=${encodeURIComponent('海阔天空')}`,
      `/search/suggest?keywords=${encodeURIComponent('海阔天空')}`,
    ],
    [
      `/cloudsearch?keywords=${encodeURIComponent('歌')}&type=100&limit=20`,
      `/cloudsearch?keywords=${encodeURIComponent('歌')}&limit=20&offset=0&type=100`,
    ],
    ['/artist/songs?id=6452&limit=20&offset=20', '/artist/songs?id=6452&limit=20&offset=20&order=hot'],
    ['/artist/top/song?id=6452&offset=0&limit=30&order=hot', '/artist/top/song?id=6452&limit=30&offset=0&order=hot'],
  ])('passes %s through unchanged', async (path, forwarded) => {
    const before = seen.length;
    const { status, body, headers } = await wapi(path);
    expect(status).toBe(200);
    expect(seen.slice(before).map((s) => s.url)).toEqual([forwarded.replace(/\?$/, '')]);
    const expected = standInAnswer(new URL(forwarded, 'http://stand-in'));
    expect(body).toEqual((expected as { body: unknown }).body);
    expect(headers.get('set-cookie')).toBeNull();
  });

  it('forwards no incoming header and only the validated parameters', async () => {
    const before = seen.length;
    const { status } = await wapi('/song/detail?ids=5&cookie=MUSIC_U%3Dmine&realIP=1.2.3.4&proxy=http://evil', {
      Cookie: 'blog_session=abc; MUSIC_U=mine',
      Authorization: 'Bearer token-123',
      'X-Forwarded-For': '203.0.113.9',
      'X-Real-IP': '203.0.113.9',
      Referer: 'https://example.com/page',
      'User-Agent': 'curious-client',
    });
    expect(status).toBe(200);
    const [request] = seen.slice(before);
    expect(request.url).toBe('/song/detail?ids=5');
    for (const name of ['cookie', 'authorization', 'x-forwarded-for', 'x-real-ip', 'referer', 'forwarded', 'origin']) {
      expect(request.headers[name]).toBeUndefined();
    }
    expect(request.headers['user-agent']).not.toBe('curious-client');
    expect(JSON.stringify(request.headers)).not.toMatch(/abc|mine|token-123|203\.0\.113\.9/);
  });

  it('accepts the double-slash path of the player', async () => {
    const before = seen.length;
    const { status, body } = await wapi('//song/detail?ids=6');
    expect(status).toBe(200);
    expect(body.songs[0].id).toBe(6);
    expect(seen.slice(before).map((s) => s.url)).toEqual(['/song/detail?ids=6']);
  });

  it.each([
    '/wapi/user/account',
    '/wapi/login/cellphone?phone=13800000000&password=1',
    '/wapi/../admin',
    '/wapi/%2e%2e/admin',
    '/wapi/song/detail/../../user/account',
    '/wapi/toplist',
    '/wapi/media/1',
    '/wapi/picture/1',
    '/wapi/http://evil.example/song/detail',
  ])('refuses %s without reaching the upstream', async (path) => {
    const before = seen.length;
    const { status, body } = await rawGet(base, path);
    expect(status).toBe(404);
    if (path.startsWith('/wapi/') && !path.includes('..') && !path.includes('%2e'))
      expect(JSON.parse(body.toString()).code).toBe(404);
    expect(seen.length).toBe(before);
  });

  it('refuses bad parameters without reaching the upstream', async () => {
    const before = seen.length;
    const { status, body } = await wapi('/playlist/track/all?id=1;DROP&limit=1000');
    expect(status).toBe(400);
    expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect(seen.length).toBe(before);
  });

  it('answers a repeated request from the cache, but never a failure', async () => {
    const count = (url: string) => seen.filter((s) => s.url === url).length;
    const first = await wapi('/lyric?id=77');
    const second = await wapi('/lyric?id=77');
    expect(second.body).toEqual(first.body);
    expect(count('/lyric?id=77')).toBe(1);

    for (let i = 0; i < 2; i++) {
      const { status, body } = await wapi('/artist/songs?id=404');
      expect(status).toBe(404);
      expect(body).toEqual({ code: 404, msg: '找不到这位歌手' });
    }
    expect(count('/artist/songs?id=404&limit=50&offset=0&order=hot')).toBe(2);
  });

  it('gives every song at least one artist entry, also when answered from the cache', async () => {
    for (let i = 0; i < 2; i++) {
      const { status, body } = await wapi('/playlist/track/all?id=4242');
      expect(status).toBe(200);
      expect(body.songs.map((s: any) => s.ar)).toEqual([
        [{ id: 0, name: '' }],
        [{ id: 0, name: '' }],
        [{ id: 12138, name: '上游歌手' }],
      ]);
    }
    expect(seen.filter((s) => s.url.startsWith('/playlist/track/all?id=4242')).length).toBe(1);
  });

  it('bounds the cache by bytes: large answers push out the oldest long before the entry limit', async () => {
    const count = (id: number) => seen.filter((s) => s.url === `/lyric?id=${id}`).length;
    for (let id = BIG_FIRST; id < BIG_FIRST + 7; id++) {
      const { status, body } = await wapi(`/lyric?id=${id}`);
      expect(status).toBe(200);
      expect(body.lrc.lyric).toHaveLength(BIG_CHARS + 10);
    }
    await wapi(`/lyric?id=${BIG_FIRST + 6}`);
    expect(count(BIG_FIRST + 6)).toBe(1);
    await wapi(`/lyric?id=${BIG_FIRST}`);
    expect(count(BIG_FIRST)).toBe(2);
  });

  it('answers 504 when the upstream is too slow', async () => {
    const { status, body } = await wapi('/cloudsearch?keywords=slow');
    expect(status).toBe(504);
    expect(body).toEqual({ code: 504, msg: '音乐服务暂时不可用，请稍后再试' });
  });

  it('answers 502 when the upstream answers garbage', async () => {
    const { status, body } = await wapi('/search/suggest?keywords=garbage');
    expect(status).toBe(502);
    expect(body.code).toBe(502);
    expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('answers a clear error when the upstream is gone', async () => {
    standIn.closeAllConnections();
    await new Promise((resolve) => standIn.close(resolve));
    const { status, body } = await wapi('/song/detail?ids=999');
    expect([502, 504]).toContain(status);
    expect(body.code).toBe(status);
    expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
  });
});
