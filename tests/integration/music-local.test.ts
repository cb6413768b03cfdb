import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameId } from '../../src/lib/node/contentIds';
import { parseLrc } from '../../src/lib/browser/lrc';
import { generateDemoLibrary } from '../../src/server/music/demo/generate';
import { encodeWav } from '../../src/server/music/demo/wav';
import { makePng } from '../fixtures/images';
import { wavWithPicture } from '../fixtures/music';
import { getJson, poll, rawGet } from './music';
import { startServer, type RunningServer } from './serve';

let dir: string;
let library: string;
let server: RunningServer;
let base: string;
const CHINESE = /[\u4e00-\u9fff]/;
const COVER = makePng(16, 16);
const SONG_KEYS = ['al', 'alia', 'ar', 'awardName', 'dt', 'id', 'name'];
const tiny = (tags = {}) =>
  encodeWav(
    new Float32Array(8000).map((_, i) => Math.sin(i / 8) * 0.3),
    16_000,
    tags,
  );
const wapi = (path: string) => getJson(base, `/wapi${path}`);
const playlistNamed = async (name: string) =>
  (await wapi('/toplist/detail')).body.list.find((p: any) => p.name === name);
const tracksOf = async (name: string, query = '') =>
  (await wapi(`/playlist/track/all?id=${(await playlistNamed(name)).id}${query}`)).body.songs;
const songNamed = async (playlist: string, name: string) =>
  (await tracksOf(playlist, '&limit=100')).find((s: any) => s.name === name);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blog-music-'));
  library = join(dir, 'music');
  await generateDemoLibrary(library);
  mkdirSync(join(library, '零散小曲'));
  for (let n = 2; n <= 31; n++)
    writeFileSync(
      join(library, '零散小曲', `小曲-${String(n).padStart(2, '0')}.wav`),
      tiny({ title: `小曲 ${n}`, artist: '测试乐手' }),
    );
  writeFileSync(
    join(library, '零散小曲', '小曲-01.wav'),
    wavWithPicture(tiny({ title: '小曲 1', artist: '测试乐手' }), COVER),
  );
  writeFileSync(join(library, '零散小曲', '没有标题.wav'), tiny());
  // Links placed inside the library that lead out of it must be neither indexed nor served.
  mkdirSync(join(dir, 'outside'));
  writeFileSync(join(dir, 'outside', '秘密.wav'), tiny({ title: '秘密', artist: '外人' }));
  symlinkSync(join(dir, 'outside'), join(library, '外面'));
  symlinkSync(resolve('package.json'), join(library, '深夜写代码', '偷看.mp3'));
  symlinkSync(join(dir, 'outside', '秘密.wav'), join(library, '深夜写代码', '秘密.wav'));
  server = await startServer({
    MUSIC_DIR: library,
    DATABASE_URL: `file:${join(dir, 'blog.db')}`,
    UPLOAD_DIR: join(dir, 'uploads'),
  });
  base = server.url;
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('playlists', () => {
  it('lists every folder with audio as a playlist with its cover', async () => {
    const { status, body } = await wapi('/toplist/detail');
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.list.map((p: any) => p.name).sort()).toEqual(
      ['周末咖啡馆', '海边的风', '深夜写代码', '清晨散步', '走马灯', '零散小曲'].sort(),
    );
    for (const playlist of body.list) {
      expect(Object.keys(playlist).sort()).toEqual(['coverImgUrl', 'description', 'id', 'name', 'trackCount']);
      expect(Number.isSafeInteger(playlist.id) && playlist.id > 0).toBe(true);
    }
    const morning = body.list.find((p: any) => p.name === '清晨散步');
    expect(morning).toMatchObject({ id: nameId('playlist:清晨散步'), trackCount: 4 });
    expect(morning.coverImgUrl).toMatch(/^\/wapi\/picture\/\d+\?v=[0-9a-z]+$/);
    const loose = body.list.find((p: any) => p.name === '零散小曲');
    expect(loose).toMatchObject({ trackCount: 32, coverImgUrl: (await songNamed('零散小曲', '小曲 1')).al.picUrl });

    const cover = await fetch(`${base}${morning.coverImgUrl}`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await cover.arrayBuffer()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('pages a playlist: 30 songs by default, then the rest', async () => {
    const first = await tracksOf('零散小曲');
    expect(first).toHaveLength(30);
    expect(await tracksOf('零散小曲', '&offset=30')).toHaveLength(2);
    expect((await tracksOf('零散小曲', '&limit=5&offset=3')).map((s: any) => s.id)).toEqual(
      first.slice(3, 8).map((s: any) => s.id),
    );
    expect(await tracksOf('零散小曲', '&offset=500')).toEqual([]);
  });

  it('answers songs in the documented shape', async () => {
    const songs = await tracksOf('周末咖啡馆');
    expect(songs.map((s: any) => s.name)).toEqual(['拿铁', '窗边的位置', '雨天', '慢慢']);
    const cover = (await playlistNamed('周末咖啡馆')).coverImgUrl;
    for (const song of songs) {
      expect(Object.keys(song).sort()).toEqual(SONG_KEYS);
      expect(song.dt).toBeGreaterThanOrEqual(15_000);
      expect(song.dt).toBeLessThanOrEqual(25_000);
      expect(song).toMatchObject({ alia: [], awardName: '拿铁时光', al: { name: '拿铁时光', picUrl: cover } });
    }
    expect(songs[0].ar).toEqual([{ id: nameId('artist:半糖'), name: '半糖' }]);
    expect(songs[1].ar).toEqual([{ id: 0, name: '' }]);
    const untitled = await songNamed('零散小曲', '没有标题');
    expect(untitled).toMatchObject({ ar: [{ id: 0, name: '' }], awardName: '', al: { id: 0, name: '', picUrl: '' } });
  });

  it('gives a song without an artist tag one empty artist entry on every endpoint', async () => {
    const [, lonely] = await tracksOf('周末咖啡馆');
    const answers = [
      (await wapi(`/song/detail?ids=${lonely.id}`)).body.songs,
      (await wapi(`/cloudsearch?keywords=${encodeURIComponent('窗边的位置')}`)).body.result.songs,
      (await wapi(`/search/suggest?keywords=${encodeURIComponent('窗边的位置')}`)).body.result.songs,
    ];
    for (const songs of answers) expect(songs.find((s: any) => s.id === lonely.id).ar).toEqual([{ id: 0, name: '' }]);
  });
});

describe('the demo library', () => {
  it('has at least four playlists, and the fourth, which the original player opens, plays', async () => {
    const demo = mkdtempSync(join(tmpdir(), 'blog-demo-'));
    try {
      const summary = await generateDemoLibrary(demo);
      expect(summary.playlists).toBeGreaterThanOrEqual(4);
      const demoServer = await startServer({
        MUSIC_DIR: demo,
        DATABASE_URL: `file:${join(demo, 'blog.db')}`,
        UPLOAD_DIR: join(demo, 'uploads'),
      });
      try {
        const { list } = (await getJson(demoServer.url, '/wapi/toplist/detail')).body;
        expect(list.length).toBe(summary.playlists);
        expect(list.reduce((n: number, p: any) => n + p.trackCount, 0)).toBe(summary.tracks);
        const { songs } = (await getJson(demoServer.url, `/wapi/playlist/track/all?id=${list[3].id}&limit=30&offset=0`))
          .body;
        expect(songs.length).toBe(list[3].trackCount);
        // One playlist needs a second page of 30 in the player.
        const long = list.find((p: any) => p.trackCount > 30);
        const second = (await getJson(demoServer.url, `/wapi/playlist/track/all?id=${long.id}&limit=30&offset=30`)).body
          .songs;
        expect(second.length).toBe(long.trackCount - 30);
        expect(second.every((song: any) => song.dt >= 1000 && song.dt <= 2100)).toBe(true);
        for (const song of songs) expect(song.ar[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
        const { data } = (await getJson(demoServer.url, `/wapi/song/url/v1?id=${songs[0].id}&level=exhigh`)).body;
        expect((await fetch(`${demoServer.url}${data[0].url}`)).status).toBe(200);
      } finally {
        await demoServer.stop();
      }
    } finally {
      rmSync(demo, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('pictures', () => {
  it('serves a cover embedded in the audio file', async () => {
    const song = await songNamed('零散小曲', '小曲 1');
    expect(song.al.picUrl).toMatch(new RegExp(`^/wapi/picture/${song.id}\\?v=[0-9a-z]+$`));
    const res = await fetch(`${base}${song.al.picUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(COVER)).toBe(true);
  });

  it('keeps a parsed cover, so the audio file is not read again for it', async () => {
    const file = join(library, '零散小曲', '小曲-01.wav');
    const song = await songNamed('零散小曲', '小曲 1');
    expect((await fetch(`${base}${song.al.picUrl}`)).status).toBe(200);
    // Same size and time, no tags left to parse: only a kept cover can still answer.
    const { size, atime, mtime } = statSync(file);
    const original = readFileSync(file);
    writeFileSync(file, Buffer.alloc(size, 0x41));
    utimesSync(file, atime, mtime);
    try {
      const res = await fetch(`${base}${song.al.picUrl}`);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(COVER)).toBe(true);
    } finally {
      writeFileSync(file, original);
      utimesSync(file, atime, mtime);
    }
  });

  it('refuses unknown parameters on picture URLs', async () => {
    const song = await songNamed('零散小曲', '小曲 1');
    for (const query of ['?v=../x', '?v=1&path=/etc/passwd', '?v=a&v=b']) {
      const { status, body } = await wapi(`/picture/${song.id}${query}`);
      expect(status).toBe(400);
      expect(body.msg).toMatch(CHINESE);
    }
  });
});

describe('songs', () => {
  it('answers song detail, also on the double-slash path the player uses', async () => {
    const [a, b] = await tracksOf('清晨散步');
    for (const path of ['/wapi//song/detail', '/wapi/song/detail']) {
      const { status, body } = await getJson(base, `${path}?ids=${b.id},${a.id},1`);
      expect(status).toBe(200);
      expect(body).toEqual({ code: 200, songs: [b, a] });
    }
  });

  it('gives a local media URL that serves the audio', async () => {
    const song = (await tracksOf('深夜写代码'))[0];
    const { body } = await wapi(`/song/url/v1?id=${song.id}&level=exhigh`);
    expect(body.code).toBe(200);
    const [item] = body.data;
    expect(item).toMatchObject({
      id: song.id,
      url: expect.stringMatching(new RegExp(`^/wapi/media/${song.id}\\?v=[0-9a-z]+$`)),
      type: 'wav',
      time: song.dt,
    });
    expect(item.br).toBeGreaterThan(0);
    const media = await fetch(`${base}${item.url}`);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('audio/wav');
    expect(media.headers.get('accept-ranges')).toBe('bytes');
    const bytes = Buffer.from(await media.arrayBuffer());
    expect(bytes.length).toBe(item.size);
    expect(bytes.toString('latin1', 0, 4)).toBe('RIFF');
  });

  it('serves byte ranges for seeking', async () => {
    const song = (await tracksOf('深夜写代码'))[1];
    const size = (await wapi(`/song/url/v1?id=${song.id}`)).body.data[0].size;
    const url = `${base}/wapi/media/${song.id}`;
    const head = await fetch(url, { headers: { Range: 'bytes=0-99' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
    expect((await head.arrayBuffer()).byteLength).toBe(100);
    const tail = await fetch(url, { headers: { Range: 'bytes=100-' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes 100-${size - 1}/${size}`);
    expect((await tail.arrayBuffer()).byteLength).toBe(size - 100);
    const beyond = await fetch(url, { headers: { Range: 'bytes=99999999-' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);
    expect((await beyond.json()).msg).toMatch(CHINESE);
  });

  it('answers the lyrics of the sibling .lrc, and "" without one', async () => {
    const song = (await tracksOf('清晨散步'))[2];
    const { body } = await wapi(`/lyric?id=${song.id}`);
    expect(body.code).toBe(200);
    expect(body.lrc.lyric).toContain('[ti:第一缕阳光]');
    const lines = parseLrc(body.lrc.lyric);
    expect(lines.length).toBeGreaterThanOrEqual(6);
    expect(lines.filter((line) => CHINESE.test(line.text)).length).toBeGreaterThanOrEqual(5);
    const untitled = await songNamed('零散小曲', '没有标题');
    expect((await wapi(`/lyric?id=${untitled.id}`)).body).toEqual({ code: 200, lrc: { lyric: '' } });
  });
});

describe('search and artists', () => {
  it('suggests songs and artists', async () => {
    const songs = (await wapi(`/search/suggest?keywords=${encodeURIComponent('咖啡')}`)).body.result.songs;
    expect(songs.map((s: any) => s.name)).toContain('咖啡因');
    const { body } = await wapi(`/search/suggest?keywords=${encodeURIComponent('半糖')}`);
    expect(body.result.artists).toEqual([
      { id: nameId('artist:半糖'), name: '半糖', picUrl: (await playlistNamed('周末咖啡馆')).coverImgUrl },
    ]);
    expect((await wapi('/search/suggest?keywords=zzzz')).body).toEqual({ code: 200, result: {} });
  });

  it('searches songs (type 1) with paging and artists (type 100)', async () => {
    const first = (await wapi(`/cloudsearch?keywords=${encodeURIComponent('小曲')}&limit=5`)).body;
    expect(first.result.songCount).toBe(31);
    expect(first.result.songs).toHaveLength(5);
    expect(Object.keys(first.result.songs[0]).sort()).toEqual(SONG_KEYS);
    expect(
      (await wapi(`/cloudsearch?keywords=${encodeURIComponent('小曲')}&offset=30`)).body.result.songs,
    ).toHaveLength(1);
    const byArtist = (await wapi(`/cloudsearch?keywords=${encodeURIComponent('夜航船')}&type=1`)).body.result;
    expect(byArtist.songs.map((s: any) => s.name).sort()).toEqual(['咖啡因', '编译通过'].sort());
    const artists = (await wapi(`/cloudsearch?keywords=${encodeURIComponent('半')}&type=100`)).body;
    expect(artists).toMatchObject({
      code: 200,
      result: { artistCount: 1, artists: [{ id: nameId('artist:半糖'), name: '半糖' }] },
    });
    expect(Object.keys(artists.result.artists[0]).sort()).toEqual(['id', 'name', 'picUrl']);
  });

  it("pages an artist's songs with more, and answers top songs", async () => {
    const id = (await songNamed('零散小曲', '小曲 1')).ar[0].id;
    const first = (await wapi(`/artist/songs?id=${id}&limit=10`)).body;
    expect(first).toMatchObject({ code: 200, more: true, total: 31 });
    expect(first.songs).toHaveLength(10);
    const last = (await wapi(`/artist/songs?id=${id}&limit=10&offset=30`)).body;
    expect(last.more).toBe(false);
    expect(last.songs).toHaveLength(1);
    const top = (await wapi(`/artist/top/song?id=${nameId('artist:林间风')}&offset=0&limit=30&order=hot`)).body;
    expect(top.code).toBe(200);
    expect(top.songs.map((s: any) => s.name)).toEqual(['露水', '小径']);
  });
});

describe('bad requests', () => {
  it.each([
    '/playlist/track/all',
    '/playlist/track/all?id=abc',
    '/playlist/track/all?id=0',
    '/playlist/track/all?id=1&limit=101',
    '/playlist/track/all?id=1&limit=0',
    '/playlist/track/all?id=1&offset=-1',
    '/song/detail?ids=1,,2',
    `/song/detail?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
    '/song/detail?ids=1&ids=2',
    '/song/url/v1?id=1&level=best',
    '/lyric?id=-5',
    '/search/suggest?keywords=',
    `/cloudsearch?keywords=${'长'.repeat(51)}`,
    '/cloudsearch?keywords=a&type=10',
    '/artist/songs?id=1.5',
    '/artist/top/song?id=1&order=new',
  ])('%s gives 400 with a Chinese message', async (path) => {
    const { status, body } = await getJson(base, `/wapi${encodeURI(path)}`);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
    expect(body.msg).toMatch(CHINESE);
  });

  it.each([
    '/playlist/track/all?id=1',
    '/song/detail?ids=1,2',
    '/song/url/v1?id=1',
    '/lyric?id=1',
    '/artist/songs?id=1',
    '/artist/top/song?id=1',
    '/media/1',
    '/picture/1',
    '/user/account',
  ])('%s gives 404', async (path) => {
    const { status, body } = await wapi(path);
    expect(status).toBe(404);
    expect(body.code).toBe(404);
    expect(body.msg).toMatch(CHINESE);
  });
});

describe('nothing outside the library can be read', () => {
  const packageJson = readFileSync('package.json', 'utf8');
  const absolute = encodeURIComponent(resolve('package.json'));

  it.each([
    '/wapi/media/../../package.json',
    '/wapi/media/..%2F..%2Fpackage.json',
    '/wapi/media/%2e%2e%2f%2e%2e%2fpackage.json',
    '/wapi/media/%2e%2e/%2e%2e/package.json',
    '/wapi/media/..%5C..%5Cpackage.json',
    '/wapi/media/..\\..\\package.json',
    '/wapi/media//etc/passwd',
    `/wapi/media/${absolute}`,
    '/wapi/media/%2Fetc%2Fpasswd',
    '/wapi/media/99999999999999999999999',
    '/wapi/media/-1',
    '/wapi/media/0x10',
    '/wapi/media/1%00.wav',
    '/wapi/picture/../../package.json',
    '/wapi/picture/..%2F..%2Fpackage.json',
    '/wapi/picture/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    `/wapi/picture/${absolute}`,
    '/wapi/picture/-7',
    '/wapi/../package.json',
    '/wapi/%2e%2e/package.json',
  ])('%s is refused', async (path) => {
    const { status, body } = await rawGet(base, path);
    expect([400, 404]).toContain(status);
    const text = body.toString('utf8');
    expect(text).not.toContain('"name": "mengblog"');
    expect(text).not.toContain('root:x:0:0');
    expect(text.includes(packageJson)).toBe(false);
  });

  it('does not index or serve links that lead out of the library', async () => {
    const { body } = await wapi(`/cloudsearch?keywords=${encodeURIComponent('秘密')}`);
    expect(body.result.songCount).toBe(0);
    expect((await tracksOf('深夜写代码', '&limit=100')).map((s: any) => s.name)).not.toContain('偷看');
    expect(await playlistNamed('外面')).toBeUndefined();
    for (const rel of ['深夜写代码/偷看.mp3', '深夜写代码/秘密.wav', '外面/秘密.wav']) {
      const id = nameId(`song:${rel}`);
      const media = await rawGet(base, `/wapi/media/${id}`);
      expect(media.status).toBe(404);
      expect(media.body.toString('utf8')).not.toContain('mengblog');
    }
  });
});

describe('re-indexing', () => {
  it('picks up a track added and removed while the server runs', async () => {
    const file = join(library, '清晨散步', '05-新来的歌.wav');
    writeFileSync(file, tiny({ title: '新来的歌', artist: '林间风', album: '晨光集' }));
    const names = (songs: any[]) => songs.map((s) => s.name);
    const added = await poll(
      () => tracksOf('清晨散步'),
      (songs) => names(songs).includes('新来的歌'),
    );
    expect(names(added)).toContain('新来的歌');
    const song = added.find((s: any) => s.name === '新来的歌');
    expect(song.id).toBe(nameId('song:清晨散步/05-新来的歌.wav'));
    expect((await fetch(`${base}/wapi/media/${song.id}`)).status).toBe(200);

    unlinkSync(file);
    const removed = await poll(
      () => tracksOf('清晨散步'),
      (songs) => !names(songs).includes('新来的歌'),
    );
    expect(names(removed)).not.toContain('新来的歌');
    expect((await wapi(`/song/detail?ids=${song.id}`)).status).toBe(404);
  });
});
