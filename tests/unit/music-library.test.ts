import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameId } from '../../src/lib/node/contentIds';
import { makePng } from '../fixtures/images';
import { wavWithPicture } from '../fixtures/music';
import { ttlCache } from '../../src/server/music/cache';
import { encodeWav } from '../../src/server/music/demo/wav';
import { createIdAllocator, type IdCollision } from '../../src/server/music/ids';
import { buildLibrary } from '../../src/server/music/library';
import { decodeLyrics } from '../../src/server/music/local';
import { readPicture, repairMojibake } from '../../src/server/music/metadata';
import { hasAudio } from '../../src/server/music/scan';
import { page, toSong, withArtists } from '../../src/server/music/shapes';
import type { Track } from '../../src/server/music/library';

describe('createIdAllocator', () => {
  it('derives ids from kind and key with nameId', () => {
    const id = createIdAllocator();
    expect(id('song', '清晨散步/01-露水.wav')).toBe(nameId('song:清晨散步/01-露水.wav'));
    expect(id('song', '清晨散步/01-露水.wav')).toBe(nameId('song:清晨散步/01-露水.wav'));
    expect(id('playlist', '清晨散步')).not.toBe(id('artist', '清晨散步'));
  });

  it('moves a clashing key to another id, the same way every time, and reports it', () => {
    const collisions: IdCollision[] = [];
    const hash = (key: string) => (key.endsWith('#2') ? 99 : 7);
    const id = createIdAllocator((c) => collisions.push(c), hash);
    expect(id('song', 'a.wav')).toBe(7);
    expect(id('song', 'b.wav')).toBe(99);
    expect(collisions).toEqual([{ kind: 'song', key: 'b.wav', other: 'song:a.wav', id: 7 }]);
  });
});

describe('ttlCache', () => {
  it('forgets the least recently used entry and expired ones', () => {
    let now = 0;
    const cache = ttlCache<number>({ maxEntries: 2, ttlMs: 1000, now: () => now });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('keeps the bytes of its entries within the budget, dropping the least recently used', () => {
    const cache = ttlCache<string>({ maxEntries: 100, maxBytes: 10, ttlMs: 1000 });
    cache.set('a', 'a', 4);
    cache.set('b', 'b', 4);
    expect(cache.get('a')).toBe('a');
    cache.set('c', 'c', 4);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual(['a', 'c']);
    expect(cache.bytes).toBe(8);
    cache.set('a', 'A', 6);
    expect(cache.bytes).toBe(10);
    expect(cache.size).toBe(2);
  });

  it('never keeps an entry larger than the whole budget, nor an old value under its key', () => {
    const cache = ttlCache<string>({ maxEntries: 100, maxBytes: 10, ttlMs: 1000 });
    cache.set('a', 'small', 3);
    cache.set('big', 'big', 11);
    expect(cache.get('big')).toBeUndefined();
    expect(cache.get('a')).toBe('small');
    cache.set('a', 'too big now', 11);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });
});

describe('text repairs', () => {
  it('reads UTF-8 tags that were taken as Latin-1', () => {
    const garbled = Buffer.from('晨光集', 'utf8').toString('latin1');
    expect(repairMojibake(garbled)).toBe('晨光集');
    expect(repairMojibake('Café')).toBe('Café');
    expect(repairMojibake('晨光集')).toBe('晨光集');
    expect(repairMojibake('plain')).toBe('plain');
  });

  it('decodes LRC files in UTF-8 (with or without BOM) and GB18030', () => {
    expect(decodeLyrics(Buffer.from('\uFEFF[00:01.00]你好', 'utf8'))).toBe('[00:01.00]你好');
    const gbk = new Uint8Array([0x5b, 0x30, 0x30, 0x3a, 0x30, 0x31, 0x5d, 0xc4, 0xe3, 0xba, 0xc3]);
    expect(decodeLyrics(gbk)).toBe('[00:01]你好');
  });
});

describe('page', () => {
  it('slices and says whether more follows', () => {
    expect(page([1, 2, 3], 2, 0)).toEqual({ items: [1, 2], more: true });
    expect(page([1, 2, 3], 2, 2)).toEqual({ items: [3], more: false });
    expect(page([1, 2, 3], 2, 9)).toEqual({ items: [], more: false });
  });
});

describe('buildLibrary', () => {
  let dir: string;
  let library: string;
  const wav = (tags = {}) => encodeWav(new Float32Array(1600), 16_000, tags);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'music-lib-'));
    library = join(dir, 'library');
    mkdirSync(join(library, '歌单甲', '子目录'), { recursive: true });
    mkdirSync(join(dir, 'outside'));
    writeFileSync(join(library, '歌单甲', '02-乙.wav'), wav({ title: '乙', artist: '歌手', album: '专辑' }));
    writeFileSync(join(library, '歌单甲', '02-乙.LRC'), '[00:01.00]歌词');
    writeFileSync(join(library, '歌单甲', '子目录', '10-无标签.wav'), wav());
    writeFileSync(join(library, '歌单甲', 'cover.png'), 'png');
    writeFileSync(join(library, '歌单甲', '.隐藏.wav'), wav({ title: '隐藏' }));
    writeFileSync(join(library, '根目录的歌.wav'), wavWithPicture(wav({ title: '根' }), makePng(8, 8)));
    writeFileSync(
      join(library, '假封面.wav'),
      wavWithPicture(wav({ title: '假封面' }), Buffer.from('<svg onload="alert(1)"/>'), 'image/svg+xml'),
    );
    writeFileSync(join(library, '歌单甲', '坏文件.mp3'), 'not audio at all');
    writeFileSync(join(dir, 'outside', '秘密.wav'), wav({ title: '秘密' }));
    symlinkSync(join(dir, 'outside'), join(library, '外面'));
    symlinkSync(join(dir, 'outside', '秘密.wav'), join(library, '歌单甲', '链接.wav'));
    symlinkSync(library, join(library, '歌单甲', '回到上面'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('indexes folders as playlists and never follows links out of the library', async () => {
    const built = await buildLibrary(library);
    const names = built.playlists.map((p) => p.name).sort();
    expect(names).toEqual(['未分类', '歌单甲'].sort());
    const tracks = built.playlists.find((p) => p.name === '歌单甲')!.tracks;
    expect(tracks.map((t) => t.name)).toEqual(['乙', '10-无标签']);
    expect(tracks[0]).toMatchObject({
      artists: [{ name: '歌手' }],
      album: { name: '专辑' },
      type: 'wav',
      mime: 'audio/wav',
    });
    expect(tracks[0].lrc).toMatch(/02-乙\.LRC$/);
    expect(tracks[1]).toMatchObject({ artists: [], album: { id: 0, name: '' } });
    expect(tracks[1].lrc).toBeUndefined();
    expect(tracks[0].id).toBe(nameId('song:歌单甲/02-乙.wav'));
    expect([...built.songs.values()].some((t) => t.name === '秘密')).toBe(false);
    expect(built.outside.sort()).toEqual(['外面', '歌单甲/链接.wav'].sort());
    expect(built.unreadable).toEqual(['歌单甲/坏文件.mp3']);
    const playlistId = nameId('playlist:歌单甲');
    expect(built.pictures.get(playlistId)).toMatchObject({ embedded: false });
    expect(tracks[0].picUrl).toMatch(new RegExp(`^/wapi/picture/${playlistId}\\?v=[0-9a-z]+$`));
  });

  it('takes embedded raster covers, never other kinds of embedded pictures', async () => {
    const built = await buildLibrary(library);
    const root = [...built.songs.values()].find((t) => t.name === '根')!;
    expect(built.pictures.get(root.id)).toEqual({
      file: root.file,
      embedded: true,
      version: expect.stringMatching(/^[0-9a-z]+$/),
    });
    expect(root.picUrl).toBe(`/wapi/picture/${root.id}?v=${built.pictures.get(root.id)!.version}`);
    expect(built.playlists.find((p) => p.name === '未分类')!.coverImgUrl).toBe(root.picUrl);
    const picture = await readPicture(root.file);
    expect(picture?.format).toBe('image/png');
    expect(Buffer.from(picture!.data).equals(makePng(8, 8))).toBe(true);
    const svg = [...built.songs.values()].find((t) => t.name === '假封面')!;
    expect(built.pictures.has(svg.id)).toBe(false);
    expect(await readPicture(svg.file)).toBeNull();
  });

  it('gives the same ids when built again', async () => {
    const first = await buildLibrary(library);
    const second = await buildLibrary(library, first);
    expect([...second.songs.keys()].sort()).toEqual([...first.songs.keys()].sort());
  });

  it('tells an empty library from one with audio', async () => {
    expect(await hasAudio(library)).toBe(true);
    expect(await hasAudio(join(dir, 'missing'))).toBe(false);
  });
});

describe('song shapes', () => {
  const track = (artists: Track['artists']) =>
    ({ id: 5, name: '歌', artists, album: { id: 0, name: '' }, durationMs: 1000, picUrl: '' }) as Track;

  it('gives a song without an artist one entry with an empty name', () => {
    expect(toSong(track([])).ar).toEqual([{ id: 0, name: '' }]);
    expect(toSong(track([{ id: 7, name: '阿青' }])).ar).toEqual([{ id: 7, name: '阿青' }]);
  });

  it('fills in missing artists of upstream songs and leaves the rest as they came', () => {
    const answer = {
      code: 200,
      songs: [{ id: 1, ar: [] }, { id: 2 }, { id: 3, ar: [{ id: 9, name: '歌手' }] }, { id: 4, ar: null }],
      result: {
        songs: [
          { id: 5, ar: [] },
          { id: 6, artists: [{ id: 9, name: '歌手' }] },
        ],
      },
    };
    expect(withArtists(answer)).toEqual({
      code: 200,
      songs: [
        { id: 1, ar: [{ id: 0, name: '' }] },
        { id: 2, ar: [{ id: 0, name: '' }] },
        { id: 3, ar: [{ id: 9, name: '歌手' }] },
        { id: 4, ar: [{ id: 0, name: '' }] },
      ],
      result: {
        songs: [
          { id: 5, ar: [{ id: 0, name: '' }] },
          { id: 6, artists: [{ id: 9, name: '歌手' }] },
        ],
      },
    });
    expect(withArtists({ code: 200, lrc: { lyric: '' } })).toEqual({ code: 200, lrc: { lyric: '' } });
    expect(withArtists({ code: 200, songs: 'odd', result: null })).toEqual({ code: 200, songs: 'odd', result: null });
  });
});
