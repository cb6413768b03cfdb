/** Writes the demo library (four playlists of synthesised tracks, lyrics and covers) into a folder. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_PLAYLISTS, type DemoPlaylist, type DemoTrack } from './catalog.ts';
import { drawCover } from './cover.ts';
import { seededRandom, synthesise, type Tune } from './synth.ts';
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
  for (let bar = 1; bar < tune.bars; bar++) lines.push(`${stamp(bar * tune.barSeconds)}${pool[(bar - 1) % pool.length]}`);
  lines.push(stamp(tune.bars * tune.barSeconds));
  return `${lines.join('\n')}\n`;
}

export async function generateDemoLibrary(dir: string): Promise<DemoSummary> {
  const summary: DemoSummary = { playlists: 0, tracks: 0, bytes: 0 };
  for (const playlist of DEMO_PLAYLISTS) {
    const folder = join(dir, playlist.folder);
    await mkdir(folder, { recursive: true });
    const cover = drawCover(playlist.cover);
    await writeFile(join(folder, 'cover.png'), cover);
    summary.bytes += cover.length;
    for (const track of playlist.tracks) {
      const tune = synthesise(track.seed, track.seconds);
      const wav = encodeWav(tune.samples, tune.sampleRate, { title: track.title, artist: track.artist, album: playlist.album });
      const lyrics = Buffer.from(demoLyrics(playlist, track, tune), 'utf8');
      await writeFile(join(folder, track.file), wav);
      await writeFile(join(folder, track.file.replace(/\.wav$/, '.lrc')), lyrics);
      summary.tracks++;
      summary.bytes += wav.length + lyrics.length;
    }
    summary.playlists++;
  }
  return summary;
}
