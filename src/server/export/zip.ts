/**
 * An export as one zip file, for the console's download button and `npm run export -- --zip`, and
 * back again for the import. Streamed file by file with fflate: an export with years of pictures
 * is never held in memory whole, and a slow download holds the reading of the next file back.
 */
import { once } from 'node:events';
import { closeSync, createReadStream, mkdirSync, openSync, writeSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { Unzip, UnzipInflate, Zip, ZipDeflate } from 'fflate';
import { listFiles, PRIVATE_DIR, PRIVATE_FILE } from './files.ts';

/** Unix, so the entries keep their owner-only permissions when unpacked. */
const UNIX = 3;

/** Until the reader has taken what is buffered, or has gone away (true then: stop). */
async function drained(out: PassThrough): Promise<boolean> {
  if (out.destroyed) return true;
  if (!out.writableNeedDrain) return false;
  // Whichever comes first, the other's listener goes: one stays behind for every wait otherwise.
  const settled = new AbortController();
  try {
    await Promise.race([once(out, 'drain', settled), once(out, 'close', settled)]);
  } finally {
    settled.abort();
  }
  return out.destroyed;
}

/** The folder as a zip, its files named from the folder's root (`manifest.json`, `articles/…`). */
export function zipExport(folder: string): Readable {
  const root = resolve(folder);
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return void out.destroy(error);
    if (out.destroyed) return;
    out.write(chunk);
    if (final) out.end();
  });
  (async () => {
    for (const file of await listFiles(root)) {
      const info = await stat(join(root, file));
      const entry = new ZipDeflate(file, { level: 6 });
      entry.mtime = info.mtime;
      entry.os = UNIX;
      entry.attrs = (PRIVATE_FILE | 0o100000) << 16;
      zip.add(entry);
      for await (const chunk of createReadStream(join(root, file))) {
        entry.push(chunk as Buffer);
        if (await drained(out)) return zip.terminate();
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** A name inside the zip as a relative path with no way out of the folder it is unpacked into. */
function safePath(name: string): string[] {
  const parts = name.split('/');
  if (parts.at(-1) === '') parts.pop();
  const bad = (part: string) => !part || part === '.' || part === '..' || /[\\:\0]/.test(part);
  if (!parts.length || parts.some(bad)) throw new Error(`压缩包里有不安全的文件名：${name}`);
  return parts;
}

/**
 * The most a zip of `zipBytes` may unpack to. Markdown and JSON pack to a fifth or a tenth, pictures
 * hardly at all; a zip that unpacks to a hundred times its size and more is a zip bomb, which would
 * fill the disk the site runs on.
 */
export const unpackedLimit = (zipBytes: number): number => 64 * 1024 * 1024 + 100 * zipBytes;

/** Unpacks `zipFile` into `dir` (which should be empty), files 0600 and folders 0700: at most `maxBytes` (unpackedLimit of its size). */
export async function unzipTo(zipFile: string, dir: string, { maxBytes }: { maxBytes?: number } = {}): Promise<void> {
  const limit = maxBytes ?? unpackedLimit((await stat(zipFile)).size);
  const root = resolve(dir);
  const open = new Set<number>();
  let failure: Error | null = null;
  let unpacked = 0;
  const unzip = new Unzip((file) => {
    const parts = safePath(file.name);
    const path = join(root, ...parts);
    if (file.name.endsWith('/')) return void mkdirSync(path, { recursive: true, mode: PRIVATE_DIR });
    mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIR });
    // `wx`: a name twice in one zip is refused rather than overwriting the first.
    const fd = openSync(path, 'wx', PRIVATE_FILE);
    open.add(fd);
    file.ondata = (error, data, final) => {
      unpacked += data?.length ?? 0;
      if (error) failure ??= new Error(`压缩包里的 ${file.name} 无法解压：${error.message}`);
      else if (unpacked > limit) {
        failure ??= new Error(
          `压缩包解开后超过 ${Math.round(limit / 1024 / 1024)} MB，不像是本博客的导出（图片和文字压缩不了这么多），已停止解压`,
        );
      } else writeSync(fd, data);
      if (final || error) {
        closeSync(fd);
        open.delete(fd);
      }
    };
    try {
      file.start();
    } catch {
      throw new Error(`压缩包里的 ${file.name} 用了不支持的压缩方式（只支持 Deflate 和不压缩）`);
    }
  });
  unzip.register(UnzipInflate);
  try {
    for await (const chunk of createReadStream(zipFile)) {
      unzip.push(chunk as Buffer);
      if (failure) break;
    }
    if (!failure) unzip.push(new Uint8Array(0), true);
  } finally {
    for (const fd of open) closeSync(fd);
  }
  if (failure) throw failure;
  if (open.size) throw new Error(`压缩包 ${zipFile} 不完整，请重新下载或重新导出`);
}
