/** Writes the demo library (playlists of synthesised tracks, lyrics and covers) into a folder. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_PLAYLISTS, DEMO_SKETCHES, type DemoPlaylist, type DemoSketches, type DemoTrack } from './catalog.ts';
import { drawCover } from './cover.ts';
import { seededRandom } from '../../../lib/node/seededRandom.ts';
import { synthesise, type Tune } from './synth.ts';
import { encodeWav } from './wav.ts';

export interface DemoSummary {
  playlists: number;
  tracks: number;
  bytes: number;
}

const stamp = (seconds: number) => {
  const centis = Math.round(seconds * 100);
  const mm = String(Math.floor(centis / 6000)).padStart(2, '0');
  const ss = String(Math.floor((centis % 6000) / 100)).padStart(2, '0');
  return `[${mm}:${ss}.${String(centis % 100).padStart(2, '0')}]`;
};

/** One line a bar, drawn from the playlist's pool in an order of the track's own. */
export function demoLyrics(playlist: DemoPlaylist, track: DemoTrack, tune: Tune): string {
  const random = seededRandom(track.seed ^ 0x5bd1e995);
  const pool = [...playlist.lyrics];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  const lines = [`[ti:${track.title}]`, ...(track.artist ? [`[ar:${track.artist}]`] : []), `[al:${playlist.album}]`];
  lines.push(`${stamp(0)}${track.title}${track.artist ? ` - ${track.artist}` : ''}`);
  for (let bar = 1; bar < tune.bars; bar++)
    lines.push(`${stamp(bar * tune.barSeconds)}${pool[(bar - 1) % pool.length]}`);
  lines.push(stamp(tune.bars * tune.barSeconds));
  return `${lines.join('\n')}\n`;
}

/** The snippets' lengths: 1, 1.5 and 2 seconds in turn. */
export const sketchSeconds = (index: number) => 1 + (index % 3) * 0.5;

const EDGE_FADE_SECONDS = 0.01;
const TAIL_FADE_SECONDS = 0.15;

export interface Sketch {
  file: string;
  title: string;
  samples: Float32Array;
  sampleRate: number;
  lyrics: string;
}

/** Consecutive pieces of one tune, each faded in and out so that no cut clicks. */
export function demoSketches(sketches: DemoSketches = DEMO_SKETCHES): Sketch[] {
  const total = sketches.titles.reduce((sum, _, i) => sum + sketchSeconds(i), 0);
  // A few seconds to spare: the tune is whole bars long, and its own last bar fades to silence.
  const tune = synthesise(sketches.seed, total + 4);
  let start = 0;
  return sketches.titles.map((title, i) => {
    const samples = tune.samples.slice(start, start + Math.round(sketchSeconds(i) * tune.sampleRate));
    start += samples.length;
    const fadeIn = Math.round(EDGE_FADE_SECONDS * tune.sampleRate);
    const fadeOut = Math.round(TAIL_FADE_SECONDS * tune.sampleRate);
    for (let n = 0; n < fadeIn; n++) samples[n] *= n / fadeIn;
    for (let n = 0; n < fadeOut; n++) samples[samples.length - 1 - n] *= n / fadeOut;
    const heading = `[ti:${title}]\n[ar:${sketches.artist}]\n[al:${sketches.album}]`;
    const lyrics = `${heading}\n${stamp(0)}${title} - ${sketches.artist}\n${stamp(0.5)}${sketches.lyrics[i % sketches.lyrics.length]}\n`;
    return {
      file: `${String(i + 1).padStart(2, '0')}-${title}.wav`,
      title,
      samples,
      sampleRate: tune.sampleRate,
      lyrics,
    };
  });
}

async function writePlaylist(
  dir: string,
  folder: string,
  cover: DemoPlaylist['cover'],
  tracks: Iterable<{ file: string; wav: Buffer; lyrics: string }>,
): Promise<DemoSummary> {
  const path = join(dir, folder);
  await mkdir(path, { recursive: true });
  const png = await drawCover(cover);
  await writeFile(join(path, 'cover.png'), png);
  const summary: DemoSummary = { playlists: 1, tracks: 0, bytes: png.length };
  for (const track of tracks) {
    const lyrics = Buffer.from(track.lyrics, 'utf8');
    await writeFile(join(path, track.file), track.wav);
    await writeFile(join(path, track.file.replace(/\.wav$/, '.lrc')), lyrics);
    summary.tracks++;
    summary.bytes += track.wav.length + lyrics.length;
  }
  return summary;
}

function* songsOf(playlist: DemoPlaylist) {
  for (const track of playlist.tracks) {
    const tune = synthesise(track.seed, track.seconds);
    const wav = encodeWav(tune.samples, tune.sampleRate, {
      title: track.title,
      artist: track.artist,
      album: playlist.album,
    });
    yield { file: track.file, wav, lyrics: demoLyrics(playlist, track, tune) };
  }
}

function* snippetsOf(sketches: DemoSketches) {
  for (const sketch of demoSketches(sketches)) {
    const wav = encodeWav(sketch.samples, sketch.sampleRate, {
      title: sketch.title,
      artist: sketches.artist,
      album: sketches.album,
    });
    yield { file: sketch.file, wav, lyrics: sketch.lyrics };
  }
}

/**
 * One playlist after another: the synthesis runs on this thread either way, and each track in the
 * making holds some 3 MB of samples and WAV bytes; the server, generating this at its first start,
 * would otherwise hold five at a time.
 */
export async function generateDemoLibrary(dir: string): Promise<DemoSummary> {
  const parts = [
    ...DEMO_PLAYLISTS.map((playlist) => () => writePlaylist(dir, playlist.folder, playlist.cover, songsOf(playlist))),
    () => writePlaylist(dir, DEMO_SKETCHES.folder, DEMO_SKETCHES.cover, snippetsOf(DEMO_SKETCHES)),
  ];
  const summary: DemoSummary = { playlists: 0, tracks: 0, bytes: 0 };
  for (const write of parts) {
    const part = await write();
    summary.playlists += part.playlists;
    summary.tracks += part.tracks;
    summary.bytes += part.bytes;
  }
  return summary;
}
