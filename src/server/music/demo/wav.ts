/** WAV files: 16-bit PCM with title, artist and album in a RIFF LIST/INFO chunk. */

export interface WavTags {
  title?: string;
  artist?: string;
  album?: string;
}

const INFO_IDS: Record<keyof WavTags, string> = { title: 'INAM', artist: 'IART', album: 'IPRD' };
/** Code page 65001 in a CSET chunk tells readers the INFO text is UTF-8; without it they assume Latin-1. */
const UTF8_CODE_PAGE = 65001;

function riffChunk(id: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(id, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  // Chunks start on even offsets; the pad byte is not counted in the size.
  return Buffer.concat([head, data, Buffer.alloc(data.length & 1)]);
}

function infoList(tags: WavTags): Buffer | null {
  const entries = (Object.keys(INFO_IDS) as (keyof WavTags)[])
    .filter((key) => tags[key])
    .map((key) => riffChunk(INFO_IDS[key], Buffer.from(`${tags[key]}\0`, 'utf8')));
  return entries.length ? riffChunk('LIST', Buffer.concat([Buffer.from('INFO', 'latin1'), ...entries])) : null;
}

/** Samples from -1 to 1, mono. */
export function encodeWav(samples: Float32Array, sampleRate: number, tags: WavTags = {}): Buffer {
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0); // PCM
  fmt.writeUInt16LE(1, 2); // mono
  fmt.writeUInt32LE(sampleRate, 4);
  fmt.writeUInt32LE(sampleRate * 2, 8); // bytes per second
  fmt.writeUInt16LE(2, 12); // block align
  fmt.writeUInt16LE(16, 14); // bits per sample
  const pcm = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    pcm.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i])) * 32767), i * 2);
  }
  const cset = Buffer.alloc(8);
  cset.writeUInt16LE(UTF8_CODE_PAGE, 0);
  const info = infoList(tags);
  const body = Buffer.concat([
    Buffer.from('WAVE', 'latin1'),
    riffChunk('fmt ', fmt),
    ...(info ? [riffChunk('CSET', cset), info] : []),
    riffChunk('data', pcm),
  ]);
  return riffChunk('RIFF', body);
}
