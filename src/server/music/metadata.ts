/** Tags of one audio file, through music-metadata, reduced to what the player shows. */
import { parseFile, selectCover, type IAudioMetadata } from 'music-metadata';
import { basename, extname } from 'node:path';

export interface Tags {
  title: string;
  artists: string[];
  album: string;
  durationMs: number;
  bitrate: number;
  hasPicture: boolean;
  /** Lyrics stored in the tags, as LRC when they carry times; used when there is no .lrc file. */
  lyrics: string;
}

const MILLISECONDS = 2; // music-metadata's TimestampFormat.milliseconds
const PICTURE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/**
 * Many tools write UTF-8 into tags that readers take as Latin-1 (WAV INFO without a CSET chunk,
 * old ID3v2.3 frames), which turns 晨光 into "æ™¨å…‰". When every character fits in a byte and
 * those bytes are valid UTF-8, the UTF-8 reading is what the owner typed.
 */
export function repairMojibake(value: string): string {
  if (!/[\u0080-\u00ff]/.test(value) || /[^\u0000-\u00ff]/.test(value)) return value;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(value, 'latin1'));
  } catch {
    return value;
  }
}

const clean = (value: string | undefined) => repairMojibake(value ?? '').trim();

const stamp = (ms: number) => {
  const centis = Math.floor(ms / 10);
  return `[${String(Math.floor(centis / 6000)).padStart(2, '0')}:${String(Math.floor((centis % 6000) / 100)).padStart(2, '0')}.${String(centis % 100).padStart(2, '0')}]`;
};

function lyricsOf(meta: IAudioMetadata): string {
  for (const tag of meta.common.lyrics ?? []) {
    if (tag.timeStampFormat === MILLISECONDS && tag.syncText?.some((line) => line.timestamp !== undefined)) {
      return tag.syncText.map((line) => `${stamp(line.timestamp ?? 0)}${clean(line.text)}`).join('\n');
    }
    if (tag.text?.trim()) return repairMojibake(tag.text);
  }
  return '';
}

/** `name` is the file name the owner gave, the title when the tags have none. */
export function tagsOf(meta: IAudioMetadata, name: string): Tags {
  const names = meta.common.artists?.length ? meta.common.artists : meta.common.artist ? [meta.common.artist] : [];
  const cover = selectCover(meta.common.picture);
  return {
    title: clean(meta.common.title) || basename(name, extname(name)),
    artists: [...new Set(names.map(clean).filter(Boolean))],
    album: clean(meta.common.album),
    durationMs: Math.round((meta.format.duration ?? 0) * 1000),
    bitrate: Math.round(meta.format.bitrate ?? 0),
    hasPicture: !!cover && PICTURE_TYPES.has(cover.format.toLowerCase()),
    lyrics: lyricsOf(meta),
  };
}

export async function readTags(file: string, name: string): Promise<Tags> {
  const meta = await parseFile(file, { duration: false, skipCovers: false });
  // The parsers are lenient: a text file named .mp3 parses without error, but names no codec.
  if (!meta.format.codec && !meta.format.container) throw new Error(`${name} 不是可识别的音频文件`);
  return tagsOf(meta, name);
}

/** The embedded cover, only when it is a raster image a browser shows as such (never SVG or HTML). */
export async function readPicture(file: string): Promise<{ format: string; data: Uint8Array } | null> {
  const meta = await parseFile(file, { duration: false, skipCovers: false, skipPostHeaders: true });
  const cover = selectCover(meta.common.picture);
  if (!cover || !PICTURE_TYPES.has(cover.format.toLowerCase())) return null;
  return { format: cover.format.toLowerCase(), data: cover.data };
}
