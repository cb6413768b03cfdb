import { describe, expect, it } from 'vitest';
import {
  auditActionLabel,
  commentTargetPath,
  licenseQuery,
  licenseQueryFromSearch,
} from '../../src/lib/browser/adminView';

describe('commentTargetPath', () => {
  it('leads to the article, the talk or the post a comment is on', () => {
    expect(commentTargetPath(1, 12)).toBe('/article/12');
    expect(commentTargetPath(2, 3)).toBe('/talk/3');
    expect(commentTargetPath(3, 40)).toBe('/message/detail?id=40');
  });
});

describe('auditActionLabel', () => {
  it('names a known action in words and leaves an unknown one as recorded', () => {
    const labels = { 'comment.hide': '隐藏评论' };
    expect(auditActionLabel('comment.hide', labels)).toBe('隐藏评论');
    expect(auditActionLabel('site.rebuild', labels)).toBe('site.rebuild');
    expect(auditActionLabel('toString', labels)).toBe('toString');
  });
});

describe('licenseQuery', () => {
  it('takes an order number or a user id', () => {
    expect(licenseQuery('order_no', ' SO2026-01_a ')).toEqual({ order_no: 'SO2026-01_a' });
    expect(licenseQuery('user_id', '42')).toEqual({ user_id: 42 });
  });

  it('refuses what the server would', () => {
    expect(licenseQuery('order_no', '')).toEqual({ problem: 'order_no' });
    expect(licenseQuery('order_no', '../x')).toEqual({ problem: 'order_no' });
    expect(licenseQuery('order_no', 'x'.repeat(65))).toEqual({ problem: 'order_no' });
    expect(licenseQuery('user_id', '0')).toEqual({ problem: 'user_id' });
    expect(licenseQuery('user_id', '-3')).toEqual({ problem: 'user_id' });
    expect(licenseQuery('user_id', '1.5')).toEqual({ problem: 'user_id' });
    expect(licenseQuery('user_id', '99999999999999999')).toEqual({ problem: 'user_id' });
  });
});

describe('licenseQueryFromSearch', () => {
  it('reads the lookup the orders screen links to', () => {
    expect(licenseQueryFromSearch('?order_no=SO1')).toEqual({ kind: 'order_no', value: 'SO1' });
    expect(licenseQueryFromSearch('?user_id=7')).toEqual({ kind: 'user_id', value: '7' });
    expect(licenseQueryFromSearch('')).toBeNull();
  });
});
