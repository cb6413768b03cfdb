import { describe, expect, it } from 'vitest';
import { MusicError } from '../../src/server/music/errors';
import { encodeParams, parseQuery } from '../../src/server/music/query';

function refusal(run: () => unknown): MusicError {
  try {
    run();
  } catch (error) {
    if (error instanceof MusicError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parseQuery', () => {
  it('fills the documented defaults', () => {
    expect(parseQuery('playlistTracks', { id: '42' })).toEqual({ id: 42, limit: 30, offset: 0 });
    expect(parseQuery('search', { keywords: ' 咖啡 ' })).toEqual({ keywords: '咖啡', type: 1, limit: 30, offset: 0 });
    expect(parseQuery('artistSongs', { id: '7' })).toEqual({ id: 7, order: 'hot', limit: 50, offset: 0 });
    expect(parseQuery('songUrls', { id: '9' })).toEqual({ id: [9], level: 'standard' });
  });

  it('reads comma lists of ids, without repeats', () => {
    expect(parseQuery('songs', { ids: '3,1,3' })).toEqual({ ids: [3, 1] });
    expect(parseQuery('songs', { ids: Array.from({ length: 100 }, (_, i) => i + 1).join(',') }).ids).toHaveLength(100);
  });

  it('drops parameters it does not know', () => {
    expect(parseQuery('lyric', { id: '5', cookie: 'MUSIC_U=x', realIP: '1.2.3.4' })).toEqual({ id: 5 });
  });

  it.each([
    ['playlistTracks', {}, '缺少参数 id'],
    ['playlistTracks', { id: 'abc' }, 'id 必须是正整数'],
    ['playlistTracks', { id: '0' }, 'id 必须是正整数'],
    ['playlistTracks', { id: '-3' }, 'id 必须是正整数'],
    ['playlistTracks', { id: '1e3' }, 'id 必须是正整数'],
    ['playlistTracks', { id: '99999999999999999' }, 'id 必须是正整数'],
    ['playlistTracks', { id: '9999999999999999' }, 'id 超出范围'],
    ['playlistTracks', { id: ['1', '2'] }, '参数 id 只能出现一次'],
    ['playlistTracks', { id: '1', limit: '0' }, 'limit 必须是 1 到 100 的整数'],
    ['playlistTracks', { id: '1', limit: '101' }, 'limit 必须是 1 到 100 的整数'],
    ['playlistTracks', { id: '1', offset: '-1' }, 'offset 必须是不小于 0 的整数'],
    ['songs', { ids: '1,,2' }, 'ids 必须是用逗号分隔的正整数，最多 100 个'],
    [
      'songs',
      { ids: Array.from({ length: 101 }, (_, i) => i + 1).join(',') },
      'ids 必须是用逗号分隔的正整数，最多 100 个',
    ],
    ['songUrls', { id: '1', level: 'best' }, 'level 不是有效的音质等级'],
    ['suggest', { keywords: '   ' }, '请输入搜索内容'],
    ['suggest', { keywords: '字'.repeat(51) }, '搜索内容最多 50 个字'],
    ['search', { keywords: '歌', type: '10' }, 'type 只能是 1（歌曲）或 100（歌手）'],
    ['artistSongs', { id: '1', order: 'new' }, 'order 只能是 hot 或 time'],
  ] as const)('refuses %s %j', (endpoint, query, message) => {
    const error = refusal(() => parseQuery(endpoint, query));
    expect(error.status).toBe(400);
    expect(error.message).toBe(message);
  });

  it('accepts 50 characters of keywords', () => {
    expect(parseQuery('suggest', { keywords: '字'.repeat(50) }).keywords).toHaveLength(50);
  });
});

describe('encodeParams', () => {
  it('sorts keys and joins lists, so equal requests read the same', () => {
    expect(encodeParams({ offset: 0, limit: 30, id: 5 })).toBe('id=5&limit=30&offset=0');
    expect(encodeParams({ ids: [1, 2], keywords: '咖啡 & 茶' })).toBe(
      'ids=1%2C2&keywords=%E5%92%96%E5%95%A1+%26+%E8%8C%B6',
    );
  });
});
