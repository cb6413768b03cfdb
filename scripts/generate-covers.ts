/**
 * `node scripts/generate-covers.ts`: draws the demo articles' raster artwork (landscapes of layered
 * ridges under a sky) as SVG, renders it with sharp and writes JPEG files next to the articles. The
 * output is committed; run it again only after changing a scene below. Textured ridges, clouds and
 * film grain give the encoders real detail to keep, so the image pipeline is not tried on flat colour
 * alone; a camera photo of the same size still weighs several times more.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { seededRandom } from '../src/lib/node/seededRandom.ts';

type Rgb = string;

interface Scene {
  file: string;
  width: number;
  height: number;
  seed: number;
  /** Sky from top to horizon. */
  sky: [Rgb, Rgb, Rgb];
  /** Ridges from the farthest (hazy) to the nearest (darkest). */
  ridges: Rgb[];
  sun?: { x: number; y: number; r: number; color: Rgb };
  stars?: number;
  /** Bands of light across the sky, for the aurora. */
  bands?: Rgb[];
  lake?: Rgb;
  /** Pines along the nearest ridge. */
  trees?: boolean;
}

const COVER = { width: 1600, height: 840 };
const PHOTO = { width: 1600, height: 1066 };

const SCENES: Scene[] = [
  {
    file: 'covers/dawn.jpg',
    ...COVER,
    seed: 11,
    sky: ['#2b3a67', '#b56576', '#f6bd60'],
    ridges: ['#9a7197', '#6d5a82', '#43446b', '#262a47'],
    sun: { x: 0.68, y: 0.62, r: 70, color: '#ffe8a3' },
  },
  {
    file: 'covers/dusk.jpg',
    ...COVER,
    seed: 23,
    sky: ['#1d2b53', '#7e2553', '#ff7b54'],
    ridges: ['#a0426b', '#6b2d5c', '#3d1f47', '#1b1030'],
    sun: { x: 0.3, y: 0.66, r: 90, color: '#ffb26b' },
    lake: '#2a1838',
  },
  {
    file: 'covers/night.jpg',
    ...COVER,
    seed: 37,
    sky: ['#050816', '#0f1c3f', '#27406b'],
    ridges: ['#31476b', '#223452', '#15223a', '#0a1222'],
    sun: { x: 0.8, y: 0.2, r: 46, color: '#f4f1de' },
    stars: 260,
  },
  {
    file: 'covers/forest.jpg',
    ...COVER,
    seed: 41,
    sky: ['#9fd3c7', '#d8f3dc', '#fefae0'],
    ridges: ['#95d5b2', '#52b788', '#2d6a4f', '#1b4332'],
    trees: true,
  },
  {
    file: 'covers/lake.jpg',
    ...COVER,
    seed: 53,
    sky: ['#4ea8de', '#90e0ef', '#e0fbfc'],
    ridges: ['#a9c6de', '#6f93b8', '#3f6690', '#24476b'],
    sun: { x: 0.18, y: 0.25, r: 60, color: '#ffffff' },
    lake: '#2f6f99',
  },
  {
    file: 'covers/desert.jpg',
    ...COVER,
    seed: 67,
    sky: ['#f4a261', '#f6c28b', '#fde8c8'],
    ridges: ['#e9b872', '#d4925a', '#b56b45', '#7f4532'],
    sun: { x: 0.55, y: 0.3, r: 110, color: '#fff3d6' },
  },
  {
    file: 'covers/aurora.jpg',
    ...COVER,
    seed: 79,
    sky: ['#020617', '#0b2341', '#12385a'],
    ridges: ['#1f4e5f', '#173d4b', '#0f2a36', '#071820'],
    stars: 140,
    bands: ['#43e97b', '#38f9d7', '#a06cd5'],
  },
  {
    file: 'covers/snow.jpg',
    ...COVER,
    seed: 83,
    sky: ['#8eaccd', '#c9d9ea', '#f1f5f9'],
    ridges: ['#e2e8f0', '#cbd5e1', '#94a3b8', '#475569'],
    sun: { x: 0.75, y: 0.28, r: 52, color: '#fffdf5' },
    trees: true,
  },
  {
    file: 'covers/autumn.jpg',
    ...COVER,
    seed: 89,
    sky: ['#5f7fa8', '#c9b8a6', '#f3dcc0'],
    ridges: ['#c98b5a', '#b0603a', '#7f3b2a', '#4a2420'],
    sun: { x: 0.4, y: 0.35, r: 58, color: '#fff0d0' },
    trees: true,
  },
  {
    file: 'covers/lavender.jpg',
    ...COVER,
    seed: 93,
    sky: ['#5e548e', '#9f86c0', '#e0b1cb'],
    ridges: ['#be95c4', '#9f86c0', '#6d597a', '#3c2f4d'],
    sun: { x: 0.85, y: 0.5, r: 48, color: '#fde2e4' },
    lake: '#4a3b66',
  },
  {
    file: 'images/hiking-ridge.jpg',
    ...PHOTO,
    seed: 97,
    sky: ['#3a6ea5', '#8fb8de', '#f3d9b1'],
    ridges: ['#b7c7d9', '#7f9bb5', '#4f6d7a', '#2f4a3a', '#1c2e22'],
    sun: { x: 0.22, y: 0.5, r: 64, color: '#fff1c1' },
    trees: true,
  },
  {
    file: 'images/hiking-stream.jpg',
    ...PHOTO,
    seed: 101,
    sky: ['#6b9080', '#a4c3b2', '#eaf4f4'],
    ridges: ['#a4c3b2', '#6b9080', '#3d5a50', '#22332c'],
    lake: '#3c6e71',
    trees: true,
  },
];

/** A ridge line by midpoint displacement: heights for `2^depth + 1` evenly spaced points. */
function ridgeLine(rand: () => number, base: number, roughness: number, depth = 8): number[] {
  const count = 2 ** depth + 1;
  const points = new Array<number>(count).fill(base);
  points[0] = base + (rand() - 0.5) * roughness;
  points[count - 1] = base + (rand() - 0.5) * roughness;
  let spread = roughness;
  for (let step = count - 1; step > 1; step /= 2) {
    for (let i = step / 2; i < count; i += step) {
      points[i] = (points[i - step / 2] + points[i + step / 2]) / 2 + (rand() - 0.5) * spread;
    }
    spread *= 0.55;
  }
  return points;
}

const fixed = (n: number) => n.toFixed(1);

function ridgePaths(scene: Scene, rand: () => number, horizon: number): string {
  const { width, height } = scene;
  const layers = scene.ridges.length;
  return scene.ridges
    .map((color, i) => {
      // The farthest ridge rises to the middle of the picture; nearer ones stand lower and closer to the horizon.
      const base =
        horizon - (scene.lake ? 0.22 : 0.45) * height + ((i + 0.5) * (scene.lake ? 0.18 : 0.36) * height) / layers;
      const line = ridgeLine(rand, base, height * (0.3 - i * 0.04));
      const dx = width / (line.length - 1);
      const top = line.map((y, j) => `${fixed(j * dx)},${fixed(y)}`).join(' ');
      const bottom = scene.lake ? horizon : height;
      let trees = '';
      if (scene.trees && i === layers - 1) {
        for (let j = 0; j < line.length; j += 2 + Math.floor(rand() * 3)) {
          const h = 18 + rand() * 46;
          const x = j * dx;
          const y = line[j] + 4;
          trees += `<path d="M${fixed(x - h / 4)} ${fixed(y)} L${fixed(x)} ${fixed(y - h)} L${fixed(x + h / 4)} ${fixed(y)} Z"/>`;
        }
      }
      return `<g fill="${color}" filter="url(#rock)"><polygon points="0,${bottom} ${top} ${width},${bottom}"/>${trees}</g>`;
    })
    .join('');
}

function sceneSvg(scene: Scene): string {
  const { width, height } = scene;
  const rand = seededRandom(scene.seed);
  const horizon = scene.lake ? height * 0.7 : height;
  const parts: string[] = [];
  parts.push(`<rect width="${width}" height="${height}" fill="url(#sky)"/>`);
  for (let i = 0; i < (scene.stars ?? 0); i++) {
    const r = rand() < 0.9 ? 0.8 + rand() : 1.8 + rand();
    parts.push(
      `<circle cx="${fixed(rand() * width)}" cy="${fixed(rand() * height * 0.6)}" r="${fixed(r)}" fill="#fff" opacity="${(0.35 + rand() * 0.65).toFixed(2)}"/>`,
    );
  }
  scene.bands?.forEach((color, i) => {
    const y = height * (0.18 + i * 0.1);
    const wave = ridgeLine(rand, y, height * 0.16, 5);
    const dx = width / (wave.length - 1);
    const d = wave.map((v, j) => `${j ? 'L' : 'M'}${fixed(j * dx)} ${fixed(v)}`).join(' ');
    parts.push(
      `<path d="${d}" stroke="${color}" stroke-width="${60 + i * 20}" fill="none" opacity="0.32" filter="url(#soft)"/>`,
    );
  });
  if (scene.sun) {
    const { x, y, r, color } = scene.sun;
    parts.push(`<circle cx="${x * width}" cy="${y * height}" r="${r * 3.2}" fill="url(#glow)"/>`);
    parts.push(`<circle cx="${x * width}" cy="${y * height}" r="${r}" fill="${color}"/>`);
  }
  parts.push(ridgePaths(scene, rand, horizon));
  if (scene.lake) {
    // The water mirrors the sky faintly, with ripples catching the light.
    parts.push(`<rect y="${horizon}" width="${width}" height="${height - horizon}" fill="${scene.lake}"/>`);
    parts.push(`<rect y="${horizon}" width="${width}" height="${height - horizon}" fill="url(#water)" opacity="0.4"/>`);
    for (let i = 0; i < 90; i++) {
      const y = horizon + 4 + rand() * (height - horizon);
      const w = 20 + rand() * 160;
      parts.push(
        `<rect x="${fixed(rand() * width)}" y="${fixed(y)}" width="${fixed(w)}" height="2" fill="#fff" opacity="${(0.08 + rand() * 0.22).toFixed(2)}"/>`,
      );
    }
  }
  parts.push(`<rect width="${width}" height="${height}" filter="url(#clouds)" opacity="0.22"/>`);
  parts.push(`<rect width="${width}" height="${height}" filter="url(#grain)" opacity="0.2"/>`);
  const [top, middle, bottom] = scene.sky;
  const sun = scene.sun?.color ?? '#fff';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="0.55" stop-color="${middle}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bottom}"/><stop offset="1" stop-color="${top}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${sun}" stop-opacity="0.55"/><stop offset="1" stop-color="${sun}" stop-opacity="0"/></radialGradient>
<filter id="soft" x="-10%" y="-50%" width="120%" height="200%"><feGaussianBlur stdDeviation="28"/></filter>
<filter id="clouds"><feTurbulence type="fractalNoise" baseFrequency="0.004 0.012" numOctaves="6" seed="${scene.seed}"/><feColorMatrix type="saturate" values="0"/></filter>
<filter id="rock" x="0" y="0" width="100%" height="100%"><feTurbulence type="turbulence" baseFrequency="0.01 0.04" numOctaves="4" seed="${scene.seed}" result="noise"/><feColorMatrix in="noise" type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0.9 0 0 0 -0.05" result="shade"/><feComposite in="shade" in2="SourceGraphic" operator="in" result="shadow"/><feMerge><feMergeNode in="SourceGraphic"/><feMergeNode in="shadow"/></feMerge></filter>
<filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="0.85" numOctaves="2" seed="${scene.seed}"/><feColorMatrix type="saturate" values="0"/></filter>
</defs>
${parts.join('\n')}
</svg>`;
}

const OUT = join('src', 'content', 'articles');
for (const scene of SCENES) {
  const target = join(OUT, scene.file);
  mkdirSync(join(target, '..'), { recursive: true });
  const jpeg = await sharp(Buffer.from(sceneSvg(scene)))
    .jpeg({ quality: 78, mozjpeg: true })
    .toBuffer();
  writeFileSync(target, jpeg);
  console.log(`${target}  ${scene.width}×${scene.height}  ${(jpeg.length / 1024).toFixed(0)} KB`);
}
