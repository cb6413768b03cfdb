/**
 * The pictures an import brings: copied from a file the owner named, or downloaded when this
 * machine can reach them. One that cannot be had keeps its address in the text and is listed.
 * An article's pictures go beside it (`./images/…`, optimised by the build like any other);
 * a talk's go among the uploads, as the console's talk pictures do.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { saveContentImage, type ContentImageUse } from '../writing/contentImages.ts';
import { writeAtomically } from '../writing/sourceFiles.ts';
import { imageExtension, UPLOAD_URL_PREFIX, uploadedFileName } from '../uploads/images.ts';
import type { ImageRef, ImageSource } from './bundle.ts';

/** Larger than any picture a blog shows; a bigger file is not a picture for a page. */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 15_000;

export type Download = (url: string) => Promise<Buffer>;

/** A download that gives up after DOWNLOAD_TIMEOUT_MS and past MAX_IMAGE_BYTES. */
export const download: Download = async (url) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), redirect: 'follow' });
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    if (bytes > MAX_IMAGE_BYTES) throw new Error('超过 20 MB');
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
};

async function bytesOf(from: ImageSource, fetchImage: Download): Promise<Buffer> {
  if ('url' in from) return fetchImage(from.url);
  const info = await stat(from.file).catch(() => null);
  if (!info?.isFile()) throw new Error('文件不存在');
  if (info.size > MAX_IMAGE_BYTES) throw new Error('超过 20 MB');
  return readFile(from.file);
}

export interface ImageCopier {
  /**
   * The reference to write in place of `ref`, or why the picture could not be had (then the text
   * keeps `ref`, and the caller says what became of it).
   */
  bring(ref: ImageRef): Promise<{ ref: string } | { problem: string }>;
  copied: number;
}

/** Keeps `bytes` and answers the reference to write; `ref` is how the source named the picture. */
export type ImageStore = (bytes: Buffer, ref: string) => Promise<string>;

/** A copier for one destination; a picture named twice is fetched once. */
export function imageCopier(store: ImageStore, fetchImage: Download): ImageCopier {
  const done = new Map<string, Promise<{ ref: string } | { problem: string }>>();
  const copier: ImageCopier = {
    copied: 0,
    async bring({ ref, from }) {
      if (!from) return { problem: '找不到文件' };
      const id = 'url' in from ? `url:${from.url}` : `file:${from.file}`;
      let result = done.get(id);
      if (!result) {
        result = bytesOf(from, fetchImage)
          .then((bytes) => store(bytes, ref))
          .then(
            (stored) => {
              copier.copied++;
              return { ref: stored };
            },
            (error: Error) => ({
              problem: 'url' in from ? `无法下载（${error.message}）` : `无法复制（${error.message}）`,
            }),
          );
        done.set(id, result);
      }
      return result;
    },
  };
  return copier;
}

/** A picture already named as ours are (our own export's): it keeps its name, so a round trip gives the same files. */
const OUR_NAME = /^\.\/(?:images|covers)\/(\w[\w.-]*\.(?:png|jpe?g|webp|gif|svg|avif))$/i;

/** Bytes that are the picture their name says: one the upload check knows, or an SVG document. */
async function isPicture(bytes: Buffer, name: string): Promise<boolean> {
  if (/\.svg$/i.test(name))
    return /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[^]*?-->\s*)*<svg[\s>]/i.test(bytes.toString('utf8', 0, 2048));
  return (await imageExtension(bytes)) !== null;
}

/**
 * Stores pictures beside the articles. One of ours keeps its name where that is free (or holds the
 * same bytes); any other is checked and stored as the editor's uploads are, named by its content.
 */
export const besideArticles =
  (articlesDir: string, use: ContentImageUse): ImageStore =>
  async (bytes, ref) => {
    const own = OUR_NAME.exec(ref)?.[1];
    if (own && (await isPicture(bytes, own))) {
      const path = join(articlesDir, use, own);
      const there = await readFile(path).catch(() => null);
      if (!there) await writeAtomically(path, bytes);
      if (!there || there.equals(bytes)) return `./${use}/${own}`;
    }
    return (await saveContentImage(articlesDir, use, bytes)).path;
  };

/**
 * Stores pictures among the uploads. One of ours (`/uploads/<name>`) keeps its name where that is
 * free or holds the same bytes; any other is named by its content, so a second import writes
 * nothing new.
 */
export const amongUploads =
  (uploadDir: string): ImageStore =>
  async (bytes, ref) => {
    const extension = await imageExtension(bytes);
    if (!extension) throw new Error('不是 PNG、JPEG、WebP 或 GIF 图片');
    await mkdir(uploadDir, { recursive: true });
    const own = uploadedFileName(ref);
    if (own) {
      const there = await readFile(join(uploadDir, own)).catch(() => null);
      if (!there) await writeFile(join(uploadDir, own), bytes, { mode: 0o644 });
      if (!there || there.equals(bytes)) return ref;
    }
    const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${extension}`;
    await writeFile(join(uploadDir, name), bytes, { mode: 0o644 });
    return `${UPLOAD_URL_PREFIX}${name}`;
  };

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `body` with the reference `ref` replaced by `next` wherever it stands as a whole address: in
 * `(…)`, quotes, `<…>` or after a reference definition's colon, never inside a longer address.
 */
export function replaceImageRef(body: string, ref: string, next: string): string {
  if (ref === next) return body;
  const pattern = new RegExp(`(?<=[("'<\\s]|^)${escaped(ref)}(?=[)"'>\\s]|$)`, 'gm');
  return body.replace(pattern, () => next);
}
