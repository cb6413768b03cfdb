import { describe, expect, it } from 'vitest';
import { greeting, greetingPhrase } from '../../src/lib/browser/greeting';

describe('greetingPhrase', () => {
  it.each([
    [0, '凌晨了，夜猫子'],
    [4, '凌晨了，夜猫子'],
    [5, '早上好'],
    [8, '早上好'],
    [9, '上午好'],
    [11, '上午好'],
    [12, '中午好'],
    [13, '中午好'],
    [14, '下午好'],
    [17, '下午好'],
    [18, '傍晚好'],
    [19, '傍晚好'],
    [20, '晚上好'],
    [21, '晚上好'],
    [22, '夜深了，早点休息'],
    [23, '夜深了，早点休息'],
  ])('hour %i greets with %s', (hour, phrase) => {
    expect(greetingPhrase(hour)).toBe(phrase);
  });
});

describe('greeting', () => {
  const brand = '小咸鱼的博客';
  it('falls back to the brand title without a name', () => {
    expect(greeting({ hour: 10, brand })).toBe('上午好，小咸鱼的博客');
    expect(greeting({ hour: 10, brand, nickName: '   ' })).toBe('上午好，小咸鱼的博客');
  });
  it('addresses the reader by nick name', () => {
    expect(greeting({ hour: 15, brand, nickName: '阿明', userId: 7, specialUserId: 3 })).toBe('下午好，阿明');
  });
  it('has a special line for the configured user only', () => {
    const special = greeting({ hour: 15, brand, nickName: '阿明', userId: 3, specialUserId: 3 });
    expect(special).toContain('阿明');
    expect(special).not.toBe('下午好，阿明');
  });
});
