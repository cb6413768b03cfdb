import { parseBuffer } from 'music-metadata';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseLrc } from '../../src/lib/browser/lrc';
import { DEMO_PLAYLISTS, DEMO_SKETCHES } from '../../src/server/music/demo/catalog';
import { coverPixels, drawCover } from '../../src/server/music/demo/cover';
import { demoLyrics, demoSketches, sketchSeconds } from '../../src/server/music/demo/generate';
import { seededRandom } from '../../src/lib/node/seededRandom';
import { synthesise } from '../../src/server/music/demo/synth';
import { encodeWav } from '../../src/server/music/demo/wav';

const tracks = DEMO_PLAYLISTS.flatMap((playlist) => playlist.tracks.map((track) => ({ playlist, track })));

describe('encodeWav', () => {
  it('writes UTF-8 title, artist and album that music-metadata reads back', async () => {
    const samples = new Float32Array(16_000).map((_, i) => Math.sin(i / 10) * 0.5);
    const wav = encodeWav(samples, 16_000, { title: '第一缕阳光', artist: '阿青', album: '晨光集' });
    const meta = await parseBuffer(wav, { mimeType: 'audio/wav' });
    expect(meta.common).toMatchObject({ title: '第一缕阳光', artist: '阿青', album: '晨光集' });
    expect(meta.format).toMatchObject({
      container: 'WAVE',
      codec: 'PCM',
      sampleRate: 16_000,
      numberOfChannels: 1,
      bitsPerSample: 16,
    });
    expect(meta.format.duration).toBeCloseTo(1, 3);
  });

  it('leaves out tags that are not given, and keeps chunk sizes consistent', async () => {
    const wav = encodeWav(new Float32Array(3), 16_000, { title: '无名' });
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    const meta = await parseBuffer(wav, { mimeType: 'audio/wav' });
    expect(meta.common.title).toBe('无名');
    expect(meta.common.artist).toBeUndefined();
    const bare = await parseBuffer(encodeWav(new Float32Array(4), 16_000), { mimeType: 'audio/wav' });
    expect(bare.common.title).toBeUndefined();
  });
});

describe('drawCover', () => {
  it('draws 300×300 PNG covers whose pixels are the drawn ones, each playlist its own', async () => {
    const playlists = [...DEMO_PLAYLISTS, DEMO_SKETCHES];
    const covers = await Promise.all(playlists.map((p) => drawCover(p.cover)));
    for (const [i, png] of covers.entries()) {
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      expect(info).toMatchObject({ format: 'raw', width: 300, height: 300, channels: 3 });
      expect((await sharp(png).metadata()).format).toBe('png');
      expect(Buffer.compare(data, Buffer.from(coverPixels(playlists[i].cover)))).toBe(0);
    }
    expect(new Set(covers.map((png) => png.toString('base64'))).size).toBe(covers.length);
  });
});

describe('the demo library', () => {
  it('has at least four playlists (the player opens the fourth) and twelve tracks, one of them without an artist', () => {
    expect(DEMO_PLAYLISTS.length).toBeGreaterThanOrEqual(4);
    expect(new Set(DEMO_PLAYLISTS.map((p) => p.folder)).size).toBe(DEMO_PLAYLISTS.length);
    expect(tracks.length).toBeGreaterThanOrEqual(12);
    expect(tracks.filter(({ track }) => !track.artist)).toHaveLength(1);
    expect(new Set(tracks.map(({ track }) => track.seed)).size).toBe(tracks.length);
  });

  it('synthesises every track to 15–25 seconds, the same each time, different from the others', () => {
    const first = synthesise(tracks[0].track.seed, tracks[0].track.seconds);
    expect(synthesise(tracks[0].track.seed, tracks[0].track.seconds).samples).toEqual(first.samples);
    const sums = new Set<number>();
    for (const { track } of tracks) {
      const tune = synthesise(track.seed, track.seconds);
      const seconds = tune.samples.length / tune.sampleRate;
      expect(seconds).toBeGreaterThanOrEqual(15);
      expect(seconds).toBeLessThanOrEqual(25);
      expect(tune.samples.reduce((peak, sample) => Math.max(peak, Math.abs(sample)), 0)).toBeLessThanOrEqual(0.81);
      sums.add(tune.samples.reduce((sum, sample) => sum + Math.abs(sample), 0));
    }
    expect(sums.size).toBe(tracks.length);
  });

  it('times Chinese lyric lines every 2 to 3 seconds, with title and artist headers', () => {
    for (const { playlist, track } of tracks) {
      const tune = synthesise(track.seed, track.seconds);
      const text = demoLyrics(playlist, track, tune);
      expect(text).toContain(`[ti:${track.title}]`);
      if (track.artist) expect(text).toContain(`[ar:${track.artist}]`);
      const lines = parseLrc(text);
      expect(lines.length).toBeGreaterThanOrEqual(6);
      lines.slice(1).forEach((line, i) => {
        const gap = line.time - lines[i].time;
        expect(gap).toBeGreaterThanOrEqual(2000);
        expect(gap).toBeLessThanOrEqual(3000);
      });
      expect(lines.slice(1, -1).every((line) => /[\u4e00-\u9fff]/.test(line.text))).toBe(true);
    }
  });

  it('keeps a playlist of whole songs fourth in the order the player lists them, which it opens by default', () => {
    // The library lists playlists by name as zh-CN collation orders them (pinyin).
    const order = [...DEMO_PLAYLISTS.map((p) => p.folder), DEMO_SKETCHES.folder].sort((a, b) =>
      a.localeCompare(b, 'zh-CN', { numeric: true }),
    );
    expect(DEMO_PLAYLISTS.map((p) => p.folder)).toContain(order[3]);
    expect(order.indexOf(DEMO_SKETCHES.folder)).toBeGreaterThan(3);
  });

  it('cuts more than 30 snippets of 1 to 2 seconds from one tune, each different, the same each time', () => {
    const sketches = demoSketches();
    expect(sketches.length).toBe(DEMO_SKETCHES.titles.length);
    expect(sketches.length).toBeGreaterThan(30);
    expect(new Set(sketches.map((s) => s.file)).size).toBe(sketches.length);
    sketches.forEach((sketch, i) => {
      const seconds = sketch.samples.length / sketch.sampleRate;
      expect(seconds).toBeCloseTo(sketchSeconds(i), 3);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(2);
      // Faded in and out, so that no cut clicks, and not silent in between.
      expect(Math.abs(sketch.samples[0])).toBe(0);
      expect(Math.abs(sketch.samples[sketch.samples.length - 1])).toBeLessThan(0.01);
      expect(sketch.samples.reduce((peak, sample) => Math.max(peak, Math.abs(sample)), 0)).toBeGreaterThan(0.1);
    });
    expect(new Set(sketches.map((s) => s.samples.reduce((sum, sample) => sum + Math.abs(sample), 0))).size).toBe(
      sketches.length,
    );
    expect(demoSketches()[7].samples).toEqual(sketches[7].samples);
  });

  it('gives every snippet its title, artist and one Chinese line to show', () => {
    for (const sketch of demoSketches()) {
      expect(sketch.lyrics).toContain(`[ti:${sketch.title}]`);
      expect(sketch.lyrics).toContain(`[ar:${DEMO_SKETCHES.artist}]`);
      const lines = parseLrc(sketch.lyrics);
      expect(lines.map((line) => line.time)).toEqual([0, 500]);
      expect(lines[0].text).toBe(`${sketch.title} - ${DEMO_SKETCHES.artist}`);
      expect(lines[1].text).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('seeds a repeatable random sequence', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const values = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(values);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
  });
});
