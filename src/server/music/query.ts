/**
 * The query parameters of the /wapi data endpoints (their paths are in the endpoint table,
 * src/contract/endpoints.ts). Only what is listed here is answered or forwarded upstream; unknown
 * parameters are dropped, known ones must be valid.
 */
import { z } from 'astro/zod';
import { MUSIC_API } from '../../contract/endpoints.ts';
import { KEYWORD_MAX_LENGTH, MUSIC_MAX_IDS, MUSIC_MAX_LIMIT } from '../../contract/limits.ts';
import { badParam } from './errors.ts';

const ID = '[1-9]\\d{0,15}';
const LEVELS = ['standard', 'higher', 'exhigh', 'lossless', 'hires', 'jyeffect', 'sky', 'dolby', 'jymaster'] as const;

/** Express's query parser turns a repeated parameter into an array; one value is expected. */
const text = (name: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `缺少参数 ${name}` : `参数 ${name} 只能出现一次`) });

const positiveId = (name: string) =>
  text(name)
    .regex(new RegExp(`^${ID}$`), { error: `${name} 必须是正整数` })
    .transform(Number)
    .refine(Number.isSafeInteger, { error: `${name} 超出范围` });

const idList = (name: string) =>
  text(name)
    .regex(new RegExp(`^${ID}(,${ID}){0,${MUSIC_MAX_IDS - 1}}$`), {
      error: `${name} 必须是用逗号分隔的正整数，最多 ${MUSIC_MAX_IDS} 个`,
    })
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine((ids) => ids.every(Number.isSafeInteger), { error: `${name} 超出范围` });

const limit = (fallback: number) =>
  text('limit')
    .regex(/^\d{1,3}$/, { error: `limit 必须是 1 到 ${MUSIC_MAX_LIMIT} 的整数` })
    .transform(Number)
    .refine((n) => n >= 1 && n <= MUSIC_MAX_LIMIT, { error: `limit 必须是 1 到 ${MUSIC_MAX_LIMIT} 的整数` })
    .default(fallback);

const offset = text('offset')
  .regex(/^\d{1,7}$/, { error: 'offset 必须是不小于 0 的整数' })
  .transform(Number)
  .default(0);

const keywords = text('keywords')
  .trim()
  .min(1, { error: '请输入搜索内容' })
  .max(KEYWORD_MAX_LENGTH, { error: `搜索内容最多 ${KEYWORD_MAX_LENGTH} 个字` });

const order = z.enum(['hot', 'time'], { error: 'order 只能是 hot 或 time' }).default('hot');

export const QUERIES = {
  playlists: z.object({}),
  playlistTracks: z.object({ id: positiveId('id'), limit: limit(30), offset }),
  songs: z.object({ ids: idList('ids') }),
  songUrls: z.object({
    id: idList('id'),
    level: z.enum(LEVELS, { error: 'level 不是有效的音质等级' }).default('standard'),
  }),
  lyric: z.object({ id: positiveId('id') }),
  suggest: z.object({ keywords }),
  search: z.object({
    keywords,
    type: z.enum(['1', '100'], { error: 'type 只能是 1（歌曲）或 100（歌手）' }).default('1').transform(Number),
    limit: limit(30),
    offset,
  }),
  artistSongs: z.object({ id: positiveId('id'), order, limit: limit(50), offset }),
  artistTopSongs: z.object({ id: positiveId('id'), order, limit: limit(50), offset }),
} satisfies Partial<Record<keyof typeof MUSIC_API.endpoints, z.ZodType>>;

/** A data endpoint, by its name in the endpoint table. */
export type Endpoint = keyof typeof QUERIES;
export type Params<E extends Endpoint> = z.output<(typeof QUERIES)[E]>;

/** The endpoint's path under /wapi: NeteaseCloudMusicApi's own, where an upstream server answers it. */
export const protocolPath = (endpoint: Endpoint): string =>
  MUSIC_API.endpoints[endpoint].path.slice(MUSIC_API.prefix.length);
export type AnyParams = Record<string, string | number | number[]>;

export function parseQuery<E extends Endpoint>(endpoint: E, query: unknown): Params<E> {
  const result = QUERIES[endpoint].safeParse(query ?? {});
  if (!result.success) throw badParam(result.error.issues[0]?.message || '参数有误');
  return result.data as Params<E>;
}

/** The validated parameters as a query string, keys sorted so equal requests read the same. */
export function encodeParams(params: AnyParams): string {
  const search = new URLSearchParams();
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return search.toString();
}

/** One way to answer every endpoint: the local library or an upstream server. */
export interface MusicProvider {
  answer(endpoint: Endpoint, params: AnyParams): Promise<{ status: number; body: unknown }>;
}
