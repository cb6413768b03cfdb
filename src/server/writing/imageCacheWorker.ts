/**
 * Encodes, for one uploaded image, the images the next build will ask for, into Astro's cache
 * (lib/node/imageCache.ts), so that publishing never waits for them. Started by the server after
 * an upload (imageCacheQueue.ts), one at a time, at the lowest CPU priority and with one libvips
 * thread: a reader's request or a running build always goes first. A quick release that needs the
 * image now (quickRelease.ts) starts it with `now`: at normal priority, with every thread. Each
 * file is written whole (a temporary name, then a rename), so a build that starts meanwhile copies
 * complete files or encodes the rest itself.
 *
 * `node imageCacheWorker.ts <image file> <images|covers> <cache folder> [now]`; prints one JSON
 * line: how many images, how many it encoded, how long it took, their names, and for a body image
 * the `<img>` attributes the build will write.
 */
import { existsSync, rmSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { encodeCachedImage, plannedImages, type ImageUse } from '../../lib/node/imageCache.ts';

const LOWEST_PRIORITY = 19;

const [file, use, cacheDir, urgency] = process.argv.slice(2);
if (!file || (use !== 'images' && use !== 'covers') || !cacheDir) {
  console.error('用法：imageCacheWorker.ts <图片文件> <images|covers> <缓存目录> [now]');
  process.exit(2);
}
if (urgency !== 'now') {
  try {
    setPriority(LOWEST_PRIORITY);
  } catch {
    // A system that refuses still gets the work done, only sooner.
  }
  sharp.concurrency(1);
}
sharp.cache(false);

let temporary: string | null = null;
// Stopped (for a build, or with the server): no half-written file is left in the cache, and the
// process still ends by the signal, which tells the queue to do the image again later.
process.once('SIGTERM', () => {
  if (temporary) rmSync(temporary, { force: true });
  process.kill(process.pid, 'SIGTERM');
});

const started = performance.now();
const { images, attributes } = await plannedImages(file, use as ImageUse);
const source = await readFile(file);
await mkdir(cacheDir, { recursive: true });
let encoded = 0;
for (const image of images) {
  const target = join(cacheDir, image.name);
  if (existsSync(target)) continue;
  const data = await encodeCachedImage(source, image);
  temporary = `${target}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, target);
  temporary = null;
  encoded++;
}
console.log(
  JSON.stringify({
    images: images.length,
    encoded,
    ms: Math.round(performance.now() - started),
    names: images.map((image) => image.name),
    attributes,
  }),
);
