/**
 * An article's edited fields are one list (src/contract/articleFields.ts): the form, the save
 * request, the front matter and the page data are derived from it. A field added to the list
 * reaches all four with no other change; the real list round-trips a form through a file.
 */
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { articleDraft, articleDraftOf, editedArticleFields, pickDraft } from '../../src/contract/articleFields';
import { articleForm, articleFormOf } from '../../src/lib/shared/articleForm';
import { articleFrontmatter } from '../../src/lib/shared/contentSchema';
import { pageFields } from '../../src/lib/node/articles';
import { emptyDraft, sameDraft } from '../../src/lib/browser/writingDraft';

const filled = {
  title: '  一篇文章 ',
  body: '正文',
  description: '',
  category: '随笔',
  tags: [' 甲 ', '乙', '甲', ''],
  cover: '',
  type: 'original' as const,
  origin_url: 'https://example.com/ignored',
  pinned: false,
  public: true,
  date: '',
};

describe('the article form from its list of fields', () => {
  it('writes what the owner filled, and leaves out blanks, defaults and an original’s origin', () => {
    expect(articleForm.toFrontmatter(filled)).toEqual({
      title: '一篇文章',
      description: undefined,
      category: '随笔',
      tags: ['甲', '乙'],
      pinned: undefined,
      type: undefined,
      origin_url: undefined,
    });
    expect(articleForm.toFrontmatter({ ...filled, type: 'repost', pinned: true })).toMatchObject({
      type: 'repost',
      pinned: true,
      origin_url: 'https://example.com/ignored',
    });
  });

  it('reads a hand-written file as the form holds it: wrong kinds and unknown types give the empty value', () => {
    expect(
      articleForm.fromFrontmatter({ title: 'T', tags: ['a', 3, 'b'], pinned: 'yes', type: 'blog', category: 7 }),
    ).toEqual({
      title: 'T',
      description: '',
      category: '7',
      tags: ['a', 'b'],
      pinned: false,
      type: 'original',
      origin_url: '',
    });
  });

  it('round-trips a repost through its front matter', () => {
    const form = { ...filled, title: '转载', tags: ['甲'], type: 'repost' as const, pinned: true, description: '摘要' };
    const data = articleForm.toFrontmatter(form);
    expect(articleFrontmatter.safeParse({ id: 1, date: '2026-01-01', ...data }).success).toBe(true);
    expect(articleForm.fromFrontmatter(data)).toEqual(
      Object.fromEntries(Object.keys(editedArticleFields).map((key) => [key, form[key as keyof typeof form]])),
    );
  });

  it('has an empty form every field of which is the empty value, and picks the form out of a larger object', () => {
    expect(emptyDraft()).toEqual({
      title: '',
      description: '',
      category: '',
      tags: [],
      pinned: false,
      type: 'original',
      origin_url: '',
      body: '',
      cover: '',
      public: true,
      date: '',
    });
    expect(pickDraft({ ...filled, id: 3, revision: 'x' } as never)).toEqual(filled);
    // A draft kept in the browser by an older version lists its fields in another order: still the same.
    const reordered = Object.fromEntries(Object.entries(filled).reverse()) as typeof filled;
    expect(sameDraft(reordered, filled)).toBe(true);
    expect(sameDraft({ ...filled, title: '另一个' }, filled)).toBe(false);
  });

  it('checks the request loosely by kind and size, naming the field', () => {
    const refused = articleDraft.safeParse({ ...filled, tags: '甲' });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0].path).toEqual(['tags']);
    expect(articleDraft.safeParse({ ...filled, title: 'x'.repeat(5000) }).success).toBe(false);
  });
});

describe('a field added to the list', () => {
  const fields = {
    ...editedArticleFields,
    subtitle: z.string({ error: '副标题必须是文字' }).max(40, { error: '副标题最多 40 个字' }).optional(),
  };
  const draft = articleDraftOf(fields);
  const form = articleFormOf(fields);

  it('is in the empty form, and a save request carries it', () => {
    expect(draft.parse({}).subtitle).toBe('');
    expect(draft.parse({ ...filled, subtitle: '一个副标题' }).subtitle).toBe('一个副标题');
    expect(draft.safeParse({ ...filled, subtitle: 3 }).error?.issues[0].path).toEqual(['subtitle']);
  });

  it('is written to the front matter, checked by its rule there, and read back', () => {
    const data = form.toFrontmatter({ ...filled, subtitle: ' 一个副标题 ' });
    expect(data.subtitle).toBe('一个副标题');
    expect(form.fromFrontmatter(data).subtitle).toBe('一个副标题');
    expect(form.toFrontmatter({ ...filled, subtitle: '' }).subtitle).toBeUndefined();
    const schema = z.object(fields);
    expect(schema.safeParse({ ...data, subtitle: '长'.repeat(41) }).error?.issues[0]).toMatchObject({
      path: ['subtitle'],
      message: '副标题最多 40 个字',
    });
  });

  it('reaches the page data', () => {
    const page = pageFields(
      {
        ...z.object(fields).parse(form.toFrontmatter({ ...filled, subtitle: '一个副标题' })),
        draft: false,
        private: false,
      },
      '正文有五个字',
    );
    expect(page.subtitle).toBe('一个副标题');
    expect(page).not.toHaveProperty('draft');
    expect(page.description).toBe('正文有五个字');
  });
});
