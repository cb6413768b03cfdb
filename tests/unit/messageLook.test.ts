import { describe, expect, it } from 'vitest';
import { FONT_SIZES, messageLook } from '../../src/lib/browser/messageLook';

const plain = { color: '', font_size: null, font_weight: '', bg_color: '', bg_url: '' };

describe('messageLook', () => {
  it('draws the style a post was saved with', () => {
    expect(
      messageLook({
        color: '#c00',
        font_size: 24,
        font_weight: 'bold',
        bg_color: 'rgba(255, 242, 204, 0.8)',
        bg_url: '/uploads/0a1b2c.webp',
      }),
    ).toEqual({
      color: '#c00',
      fontSize: '24px',
      fontWeight: 'bold',
      backgroundColor: 'rgba(255, 242, 204, 0.8)',
      backgroundImage: 'url("/uploads/0a1b2c.webp")',
    });
    expect(messageLook(plain)).toEqual({});
  });

  it('leaves out any value that could carry more into the style attribute', () => {
    expect(
      messageLook({
        color: 'red;background:url(//evil.example/x)',
        font_size: 99,
        font_weight: '450',
        bg_color: 'var(--x)',
        bg_url: '/uploads/x.png") ; background: url("//evil.example',
      }),
    ).toEqual({});
    expect(messageLook({ ...plain, bg_url: 'https://evil.example/a.png' })).toEqual({});
    expect(messageLook({ ...plain, bg_url: '/uploads/../secret' })).toEqual({});
  });

  it('offers font sizes across the allowed range only', () => {
    expect(FONT_SIZES[0]).toBe('12px');
    expect(FONT_SIZES.at(-1)).toBe('40px');
    expect(
      FONT_SIZES.every((size) => messageLook({ ...plain, font_size: Number.parseInt(size, 10) }).fontSize === size),
    ).toBe(true);
  });
});
