/** Playlist covers: a diagonal gradient with one soft shape, drawn pixel by pixel and encoded as PNG by sharp. */
import sharp from 'sharp';
import type { DemoPlaylist } from './catalog.ts';

type Rgb = [number, number, number];
type Cover = DemoPlaylist['cover'];

/** How much of a pixel a disc covers, with a one-pixel soft edge instead of jagged steps. */
const disc = (x: number, y: number, cx: number, cy: number, r: number) =>
  Math.max(0, Math.min(1, r - Math.hypot(x - cx, y - cy) + 0.5));

const ellipse = (x: number, y: number, cx: number, cy: number, rx: number, ry: number) =>
  Math.max(0, Math.min(1, (1 - Math.hypot((x - cx) / rx, (y - cy) / ry)) * Math.min(rx, ry) + 0.5));

function shapeCoverage(shape: Cover['shape'], x: number, y: number, size: number): number {
  const s = size / 300;
  if (shape === 'sun') {
    const glow = 0.25 * Math.max(0, 1 - Math.hypot(x - 150 * s, y - 140 * s) / (120 * s));
    return Math.min(1, disc(x, y, 150 * s, 140 * s, 62 * s) + glow);
  }
  if (shape === 'moon') return Math.max(0, disc(x, y, 150 * s, 140 * s, 70 * s) - disc(x, y, 182 * s, 118 * s, 62 * s));
  if (shape === 'wave') {
    // Three crests, each a band under a sine line with a soft top edge.
    const sun = 0.8 * disc(x, y, 205 * s, 95 * s, 34 * s);
    const bands = [150, 190, 230].map((base, i) => {
      const crest = base * s + 12 * s * Math.sin(x / (22 * s) + i * 1.7);
      return Math.max(0, Math.min(1, (y - crest) / (3 * s) + 0.5)) * (0.35 + 0.2 * i);
    });
    return Math.min(1, sun + Math.max(...bands));
  }
  const body = Math.abs(x - 140 * s) < 58 * s && y > 125 * s && y < 195 * s ? 1 : 0;
  const bottom = y >= 195 * s ? ellipse(x, y, 140 * s, 195 * s, 58 * s, 32 * s) : 0;
  const saucer = ellipse(x, y, 140 * s, 232 * s, 88 * s, 9 * s);
  const handle = Math.max(0, disc(x, y, 200 * s, 160 * s, 26 * s) - disc(x, y, 200 * s, 160 * s, 14 * s));
  const steam = [112, 140, 168].reduce(
    (sum, sx) =>
      sum + (Math.abs(x - (sx * s + 8 * s * Math.sin(y / (9 * s)))) < 4 * s && y > 70 * s && y < 112 * s ? 0.6 : 0),
    0,
  );
  return Math.min(1, body + bottom + saucer + handle + steam);
}

/** The cover's pixels, three bytes (RGB) each, row by row from the top. */
export function coverPixels(cover: Cover, size = 300): Uint8Array {
  const pixels = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * (size - 1));
      const alpha = shapeCoverage(cover.shape, x, y, size);
      for (let c = 0; c < 3; c++) {
        const background = cover.from[c] + (cover.to[c] - cover.from[c]) * t;
        pixels[(y * size + x) * 3 + c] = Math.round(background + ((cover.ink as Rgb)[c] - background) * alpha);
      }
    }
  }
  return pixels;
}

export function drawCover(cover: Cover, size = 300): Promise<Buffer> {
  return sharp(coverPixels(cover, size), { raw: { width: size, height: size, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
