import { availableParallelism } from 'node:os';
import { copyFile, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = /\.(html|css|js|mjs|json|xml|svg|txt|webmanifest|map)$/i;
const MIN_BYTES = 512;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

const readOrNull = (path: string) => readFile(path).catch(() => null);

/**
 * The variants of the build before, when the file is byte for byte the same there: brotli at its
 * best level is most of a build's time, and a one-article change leaves most files as they were.
 */
async function reuse(path: string, raw: Buffer, dir: string, previousDir: string | null): Promise<boolean> {
  if (!previousDir) return false;
  const before = join(previousDir, relative(dir, path));
  const same = await readOrNull(before);
  if (!same || !same.equals(raw)) return false;
  // A variant was skipped when it was no smaller: then both builds skip it alike.
  const variants = await Promise.all(
    ['.br', '.gz'].map(async (ext) => ((await stat(`${before}${ext}`).catch(() => null)) ? ext : null)),
  );
  await Promise.all(variants.filter((ext) => ext !== null).map((ext) => copyFile(`${before}${ext}`, `${path}${ext}`)));
  return true;
}

/**
 * Writes `file.br` and `file.gz` next to each text file, keeping only variants that are smaller;
 * files unchanged since `previousDir` (the live build's client folder) take its variants as they are.
 * A few files at a time, so memory stays flat however many pages the site has.
 */
export async function precompress(dir: string, previousDir: string | null = null) {
  let files = 0;
  let reused = 0;
  let rawBytes = 0;
  let brotliBytes = 0;
  const paths: string[] = [];
  for await (const path of walk(dir)) paths.push(path);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < paths.length) {
      const path = paths[next++];
      if ((await stat(path)).size < MIN_BYTES) continue;
      const raw = await readFile(path);
      files++;
      rawBytes += raw.length;
      if (await reuse(path, raw, dir, previousDir)) {
        reused++;
        brotliBytes += (await stat(`${path}.br`).catch(() => null))?.size ?? raw.length;
        continue;
      }
      const [br, gzipped] = await Promise.all([
        brotli(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        }),
        gz(raw, { level: 9 }),
      ]);
      brotliBytes += Math.min(br.length, raw.length);
      if (br.length < raw.length) await writeFile(`${path}.br`, br);
      if (gzipped.length < raw.length) await writeFile(`${path}.gz`, gzipped);
    }
  }
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));
  return { files, reused, rawBytes, brotliBytes };
}
