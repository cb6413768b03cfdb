import { describe, expect, it } from 'vitest';
import { badgeText, bottomLine, notificationPath } from '../../src/lib/shared/notifications';

describe('notificationPath', () => {
  it('leads to the article, the talk or the message board by type', () => {
    expect(notificationPath(1, 12)).toBe('/article/12');
    expect(notificationPath(2, 7)).toBe('/talk/7');
    expect(notificationPath(3, 99)).toBe('/message/list');
  });

  it('leads a buyer to the user centre and the owner to the console’s orders', () => {
    expect(notificationPath(5, 3)).toBe('/userCenter');
    expect(notificationPath(6, 3)).toBe('/admin/orders');
  });

  it('leads an applicant to their applications and the owner to the console’s review of them', () => {
    expect(notificationPath(4, 3)).toBe('/link/apply');
    expect(notificationPath(8, 3)).toBe('/admin/links');
  });
});

describe('badgeText', () => {
  it('shows nothing at zero, the count up to 9, then 9+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(250)).toBe('9+');
  });
});

describe('bottomLine', () => {
  it('offers more while pages remain, then says it is the end', () => {
    expect(bottomLine({ loading: false, shown: 10, total: 25 })).toBe('more');
    expect(bottomLine({ loading: false, shown: 25, total: 25 })).toBe('end');
  });
  it('says there are none, and shows loading while a page is on its way', () => {
    expect(bottomLine({ loading: false, shown: 0, total: 0 })).toBe('empty');
    expect(bottomLine({ loading: true, shown: 10, total: 25 })).toBe('loading');
  });
});
