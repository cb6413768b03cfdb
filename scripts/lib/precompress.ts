import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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

/** Writes `file.br` and `file.gz` next to each text file, keeping only variants that are smaller. */
export async function precompress(dir: string) {
  let files = 0;
  let rawBytes = 0;
  let brotliBytes = 0;
  const jobs: Promise<void>[] = [];
  for await (const path of walk(dir)) {
    jobs.push(
      (async () => {
        if ((await stat(path)).size < MIN_BYTES) return;
        const raw = await readFile(path);
        const [br, gzipped] = await Promise.all([
          brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
          gz(raw, { level: 9 }),
        ]);
        files++;
        rawBytes += raw.length;
        brotliBytes += Math.min(br.length, raw.length);
        if (br.length < raw.length) await writeFile(`${path}.br`, br);
        if (gzipped.length < raw.length) await writeFile(`${path}.gz`, gzipped);
      })(),
    );
  }
  await Promise.all(jobs);
  return { files, rawBytes, brotliBytes };
}
