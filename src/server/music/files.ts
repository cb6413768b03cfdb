/**
 * /wapi/media/{id} and /wapi/picture/{id}. A file is found by its id in the index and nowhere
 * else: nothing in the request ever becomes part of a path.
 */
import { Router, type Response } from 'express';
import { extname } from 'node:path';
import { MUSIC_API } from '../../contract/endpoints.ts';
import { route } from './budget.ts';
import { ttlCache } from './cache.ts';
import { badParam, MusicError, musicBody, notFound } from './errors.ts';
import type { Picture } from './library.ts';
import type { LiveLibrary } from './live.ts';
import { readPicture } from './metadata.ts';

const ID = /^[1-9]\d{0,15}$/;
const VERSION = /^[0-9a-z]{1,12}$/;
// Ids follow paths and picture URLs carry the file's time, so a changed file gets a new URL.
const LONG_CACHE = 'public, max-age=31536000, no-transform';
/** Parsing a cover out of an audio file reads and decodes its tags; the result is kept, within bounds. */
const COVER_CACHE = { maxEntries: 256, maxBytes: 16 * 1024 * 1024, ttlMs: 60 * 60_000 };

function idOf(raw: unknown): number {
  const id = Number(raw);
  if (typeof raw !== 'string' || !ID.test(raw) || !Number.isSafeInteger(id)) throw badParam('id 必须是正整数');
  return id;
}

/** Undoes what sendFile had already set for the file before answering with an error instead. */
function fail(res: Response, error: MusicError, headers: Record<string, string> = {}) {
  for (const name of ['Content-Type', 'Content-Length', 'Cache-Control', 'ETag', 'Last-Modified', 'Content-Range'])
    res.removeHeader(name);
  res
    .status(error.status)
    .set({ 'Cache-Control': 'no-store', ...headers })
    .type('application/json')
    .json(musicBody(error));
}

function sendFromIndex(res: Response, file: string, type: string, next: (error: unknown) => void) {
  res.type(type).set('Cache-Control', LONG_CACHE);
  res.sendFile(
    file,
    { cacheControl: false, dotfiles: 'allow' },
    (error?: Error & { status?: number; code?: string; headers?: Record<string, string> }) => {
      if (!error || res.headersSent) return;
      if (error.status === 416) fail(res, new MusicError(416, '请求的范围超出了文件大小'), error.headers);
      else if (error.status === 404 || error.code === 'ENOENT') fail(res, notFound('文件已被移走，请稍后再试'));
      else if (error.code !== 'ECONNABORTED') next(error);
    },
  );
}

export function fileRoutes(library: LiveLibrary): Router {
  const router = Router();
  const covers = ttlCache<{ format: string; data: Buffer }>(COVER_CACHE);

  async function embeddedCover(picture: Picture) {
    const key = `${picture.file}\0${picture.version}`;
    const cached = covers.get(key);
    if (cached) return cached;
    const found = await readPicture(picture.file).catch(() => null);
    if (!found) return null;
    // A copy: the parsed bytes may be a view into a larger buffer, which the cache would keep alive.
    const cover = { format: found.format, data: Buffer.from(found.data) };
    covers.set(key, cover, cover.data.byteLength);
    return cover;
  }

  route(router, MUSIC_API.endpoints.media, async (req, res, next) => {
    const track = (await library.current()).songs.get(idOf(req.params.id));
    if (!track) throw notFound('歌曲不存在');
    sendFromIndex(res, track.file, track.mime, next);
  });

  route(router, MUSIC_API.endpoints.picture, async (req, res, next) => {
    const { v, ...others } = req.query;
    if (Object.keys(others).length || (v !== undefined && (typeof v !== 'string' || !VERSION.test(v))))
      throw badParam('图片地址的参数有误');
    const picture = (await library.current()).pictures.get(idOf(req.params.id));
    if (!picture) throw notFound('图片不存在');
    if (!picture.embedded) {
      sendFromIndex(
        res,
        picture.file,
        extname(picture.file).toLowerCase() === '.png' ? 'image/png' : 'image/jpeg',
        next,
      );
      return;
    }
    const cover = await embeddedCover(picture);
    if (!cover) throw notFound('图片不存在');
    res.type(cover.format).set('Cache-Control', LONG_CACHE).send(cover.data);
  });

  return router;
}
