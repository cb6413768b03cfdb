import { describe, expect, it } from 'vitest';
import { fillPath, withQuery } from '../../src/lib/shared/paths';

// Paths as routes.ts writes them after the method: fillPath takes a literal path, and types its parameters from it.
const ARTICLE_VIEW = '/api/article/view/:id';
const WRITING_VERSION = '/api/admin/writing/articles/:id/versions/:versionId';
const SHOP_GET_ORDER = '/api/shop/order/:order_no';
const ARTICLE_SEARCH = '/api/article/getArticleListByContent{/:keyword}';
const COMMENT_REMOVE = '/api/comment/delete/:id{/:parent_id}';

describe('fillPath', () => {
  it('puts each parameter in its place', () => {
    expect(fillPath(ARTICLE_VIEW, { id: 7 })).toBe('/api/article/view/7');
    expect(fillPath(WRITING_VERSION, { id: 3, versionId: 12 })).toBe('/api/admin/writing/articles/3/versions/12');
  });

  it('encodes a parameter as one segment, dots included, so the browser resolves none of it', () => {
    expect(fillPath(SHOP_GET_ORDER, { order_no: 'a/b?c#d' })).toBe('/api/shop/order/a%2Fb%3Fc%23d');
    expect(fillPath(ARTICLE_SEARCH, { keyword: '..' })).toBe('/api/article/getArticleListByContent/%2E%2E');
    expect(fillPath(ARTICLE_SEARCH, { keyword: '博客 v1.2' })).toBe(
      `/api/article/getArticleListByContent/${encodeURIComponent('博客 v1')}%2E2`,
    );
  });

  it('leaves an optional part out when its parameter is missing or empty', () => {
    expect(fillPath(ARTICLE_SEARCH, {})).toBe('/api/article/getArticleListByContent');
    expect(fillPath(ARTICLE_SEARCH, { keyword: '' })).toBe('/api/article/getArticleListByContent');
    expect(fillPath(COMMENT_REMOVE, { id: 5, parent_id: 0 })).toBe('/api/comment/delete/5/0');
    expect(fillPath(COMMENT_REMOVE, { id: 5 })).toBe('/api/comment/delete/5');
  });

  it('types the parameters from the path', () => {
    // @ts-expect-error: `id` is missing.
    fillPath(ARTICLE_VIEW, {});
    // @ts-expect-error: an article view has no `keyword`.
    fillPath(ARTICLE_VIEW, { id: 1, keyword: 'x' });
    fillPath(ARTICLE_SEARCH, {});
  });
});

describe('withQuery', () => {
  it('adds the values given, encoded, and leaves out the empty ones', () => {
    expect(
      withQuery('/api/admin/comments', {
        keyword: '春 & 秋',
        status: null,
        current: 2,
        size: 10,
        tag: undefined,
        text: '',
      }),
    ).toBe('/api/admin/comments?keyword=%E6%98%A5+%26+%E7%A7%8B&current=2&size=10');
  });

  it('keeps zero, and gives the path alone when nothing is left', () => {
    expect(withQuery('/wapi/search', { offset: 0 })).toBe('/wapi/search?offset=0');
    expect(withQuery('/wapi/search', { keyword: '' })).toBe('/wapi/search');
    expect(withQuery('/wapi/search', {})).toBe('/wapi/search');
  });
});
