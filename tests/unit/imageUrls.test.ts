/** Image fields in API answers made absolute, and sent-back addresses made site paths again (docs/api.md §1.1). */
import { describe, expect, it } from 'vitest';
import { sitePath, withAbsoluteImages } from '../../src/server/api/imageUrls';

const ORIGIN = 'https://blog.example';

describe('withAbsoluteImages', () => {
  it('makes every site path in an image field absolute, at any depth and in lists', () => {
    const answer = {
      list: [{ id: 1, article_cover: '/img/a.webp', title: '/not/an/image', author: { avatar: '/uploads/b.png' } }],
      talkImgList: ['/uploads/c.png', 'https://elsewhere.example/d.png'],
    };
    expect(withAbsoluteImages(answer, () => ORIGIN)).toEqual({
      list: [
        {
          id: 1,
          article_cover: `${ORIGIN}/img/a.webp`,
          title: '/not/an/image',
          author: { avatar: `${ORIGIN}/uploads/b.png` },
        },
      ],
      talkImgList: [`${ORIGIN}/uploads/c.png`, 'https://elsewhere.example/d.png'],
    });
  });

  it('changes nothing in place: a changed object is a copy, and what has no site path is given back as it is', () => {
    const shared = { id: 2, article_cover: '/img/a.webp' };
    const untouched = { id: 3, article_cover: 'https://cdn.example/a.webp', tags: ['/x'] };
    const answer = { changed: [shared], untouched: [untouched] };
    const made = withAbsoluteImages(answer, () => ORIGIN) as typeof answer;
    expect(shared.article_cover).toBe('/img/a.webp');
    expect(made.changed[0]).not.toBe(shared);
    expect(made.untouched).toBe(answer.untouched);
    expect(made.untouched[0]).toBe(untouched);
  });

  it('asks for the origin only when there is a site path to make absolute', () => {
    let asked = 0;
    const originOf = () => (asked++, ORIGIN);
    const answer = { view_times: 3, is_like: false, avatar: '', cover: '/img/not-an-image-field.webp' };
    expect(withAbsoluteImages(answer, originOf)).toBe(answer);
    expect(asked).toBe(0);
    withAbsoluteImages({ avatar: '/img/a.webp' }, originOf);
    expect(asked).toBe(1);
  });

  it('leaves a protocol-relative address, a non-string and a Date alone', () => {
    const when = new Date(0);
    const answer = { avatar: '//cdn.example/a.png', bg_url: null, at: when };
    expect(withAbsoluteImages(answer, () => ORIGIN)).toBe(answer);
  });
});

describe('sitePath', () => {
  it('turns one of the site’s own addresses back into its path, and leaves others', () => {
    expect(sitePath(`${ORIGIN}/uploads/a.png`, ['https://other.example', ORIGIN])).toBe('/uploads/a.png');
    expect(sitePath('https://elsewhere.example/uploads/a.png', [ORIGIN])).toBe(
      'https://elsewhere.example/uploads/a.png',
    );
  });
});
