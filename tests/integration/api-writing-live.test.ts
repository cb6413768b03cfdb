/**
 * Editing an article readers see, through the writing API on a copy of the demo content: 暂存修改
 * keeps edits in the database and leaves the file as it is; 更新 writes them and clears them; 撤下
 * makes the article a draft with a version kept; a draft save can no longer take it off the site.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WritingArticle } from '../../src/contract/writing';
import { formatDateTime } from '../../src/lib/shared/time';
import type { ApiClient } from './api';
import { newPerson, ownerLogin, startOwnedApi, type Person } from './people';
import { copyDemoContent } from '../siteCopies';

const BLOCK = 96;
let api: ApiClient;
let owner: Person;
let reader: Person;
let content: string;
beforeAll(async () => {
  content = mkdtempSync(join(tmpdir(), 'blog-writing-live-'));
  copyDemoContent(content);
  // Builds are the end-to-end suite's part; here saves only write.
  api = await startOwnedApi({ CONTENT_DIR: content, AUTO_PUBLISH: 'off' });
  owner = await ownerLogin(api, BLOCK);
  reader = await newPerson(api, 'liveeditreader', BLOCK);
});
afterAll(async () => {
  await api?.stop();
  rmSync(content, { recursive: true, force: true });
});

const writing = (method: string, path: string, body?: unknown, who: Person | null = owner) =>
  api.call(method, `/admin/writing${path}`, { headers: who?.auth, body });
const fields = (extra: Record<string, unknown> = {}) => ({
  title: 'Live 线上的文章',
  body: '线上的正文。',
  description: '',
  category: '随笔',
  tags: ['线上'],
  cover: '',
  type: 'original',
  origin_url: '',
  pinned: false,
  public: true,
  date: '',
  ...extra,
});
const fileOf = (article: WritingArticle) => readFileSync(join(content, 'articles', article.file), 'utf8');
const open = async (id: number) => (await writing('GET', `/articles/${id}`)).body.result as WritingArticle;
const versionCount = async (id: number) =>
  ((await writing('GET', `/articles/${id}/versions`)).body.result as unknown[]).length;

/** A new published article, as 发布 makes it. */
async function liveArticle(extra: Record<string, unknown> = {}): Promise<WritingArticle> {
  const { status, body } = await writing('POST', '/articles', { ...fields(extra), base_revision: null, publish: true });
  expect(status, body.message).toBe(200);
  expect(body.result.status).toMatch(/published|scheduled/);
  return body.result;
}

describe('access', () => {
  it('answers 401 to the anonymous and 403 to a user, and changes nothing', async () => {
    const article = await liveArticle();
    const before = fileOf(article);
    const calls: [string, string, unknown?][] = [
      [
        'PUT',
        `/articles/${article.id}/pending`,
        { ...fields({ body: '别人的修改' }), base_revision: article.revision },
      ],
      ['DELETE', `/articles/${article.id}/pending`],
      ['PUT', `/articles/${article.id}/withdraw`],
    ];
    for (const [method, path, body] of calls) {
      expect((await writing(method, path, body, null)).status, `${method} ${path}`).toBe(401);
      expect((await writing(method, path, body, reader)).status, `${method} ${path}`).toBe(403);
    }
    expect(fileOf(article)).toBe(before);
    expect((await open(article.id)).pending).toBeNull();
  });
});

describe('暂存修改 (working copy)', () => {
  it('keeps the edits beside a live article: the file, its status and its history stay as they were', async () => {
    const article = await liveArticle();
    const before = fileOf(article);
    const { status, body } = await writing('PUT', `/articles/${article.id}/pending`, {
      ...fields({ title: 'Live 改了一半', body: '还没写完的新正文。' }),
      base_revision: article.revision,
    });
    expect(status, body.message).toBe(200);
    expect(body.result.pending.fields).toMatchObject({ title: 'Live 改了一半', body: '还没写完的新正文。' });
    expect(fileOf(article)).toBe(before);
    expect(await versionCount(article.id)).toBe(0);

    // Opened again (a reload of the editor): the file's fields, and the edits waiting to replace them.
    const opened = await open(article.id);
    expect(opened.status).toBe('published');
    expect(opened.body.trim()).toBe('线上的正文。');
    expect(opened.revision).toBe(article.revision);
    expect(opened.pending).toMatchObject({
      fields: { title: 'Live 改了一半', body: '还没写完的新正文。' },
      base_revision: article.revision,
    });
    expect(opened.pending!.saved_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('a later 暂存修改 replaces the earlier one; edits back to what is live leave nothing pending', async () => {
    const article = await liveArticle();
    await writing('PUT', `/articles/${article.id}/pending`, {
      ...fields({ body: '第一次暂存。' }),
      base_revision: article.revision,
    });
    await writing('PUT', `/articles/${article.id}/pending`, {
      ...fields({ body: '第二次暂存。' }),
      base_revision: article.revision,
    });
    expect((await open(article.id)).pending!.fields.body).toBe('第二次暂存。');
    const back = await writing('PUT', `/articles/${article.id}/pending`, {
      ...fields(),
      base_revision: article.revision,
    });
    expect(back.status).toBe(200);
    expect(back.body.result.pending).toBeNull();
    expect((await open(article.id)).pending).toBeNull();
  });

  it('更新 writes the edits into the live file, keeps the version it replaced, and clears them', async () => {
    const article = await liveArticle();
    await writing('PUT', `/articles/${article.id}/pending`, {
      ...fields({ body: '更新后的正文。' }),
      base_revision: article.revision,
    });
    const pending = (await open(article.id)).pending!;
    const updated = await writing('PUT', `/articles/${article.id}`, {
      ...pending.fields,
      base_revision: pending.base_revision,
      publish: true,
    });
    expect(updated.status, updated.body.message).toBe(200);
    expect(updated.body.result.status).toBe('published');
    expect(updated.body.result.pending).toBeNull();
    expect(fileOf(article)).toContain('更新后的正文。');
    expect(fileOf(article)).not.toContain('draft');
    expect(await versionCount(article.id)).toBe(1);
    expect((await open(article.id)).pending).toBeNull();
  });

  it('更新 of edits begun before a hand edit is a conflict, and the edits stay pending', async () => {
    const article = await liveArticle();
    await writing('PUT', `/articles/${article.id}/pending`, {
      ...fields({ body: '网页里的修改。' }),
      base_revision: article.revision,
    });
    writeFileSync(
      join(content, 'articles', article.file),
      fileOf(article).replace('线上的正文。', '服务器上手工改的正文。'),
    );
    const pending = (await open(article.id)).pending!;
    const clash = await writing('PUT', `/articles/${article.id}`, {
      ...pending.fields,
      base_revision: pending.base_revision,
      publish: true,
    });
    expect(clash.status).toBe(409);
    expect(clash.body.result.disk.body).toContain('服务器上手工改的正文。');
    expect(fileOf(article)).toContain('服务器上手工改的正文。');
    expect((await open(article.id)).pending!.fields.body).toBe('网页里的修改。');
  });

  it('放弃修改 clears the edits and leaves the file alone', async () => {
    const article = await liveArticle();
    const before = fileOf(article);
    await writing('PUT', `/articles/${article.id}/pending`, {
      ...fields({ body: '不要了的修改。' }),
      base_revision: article.revision,
    });
    const dropped = await writing('DELETE', `/articles/${article.id}/pending`);
    expect(dropped.status).toBe(200);
    expect(dropped.body.result.pending).toBeNull();
    expect(fileOf(article)).toBe(before);
    expect((await open(article.id)).pending).toBeNull();
  });

  it('is checked as 更新 would be, with the field and the reason in Chinese, and keeps nothing refused', async () => {
    const article = await liveArticle();
    const cases: [Record<string, unknown>, number, string, string | null][] = [
      [{ title: '' }, 400, '请填写标题', 'title'],
      [{ tags: [] }, 400, '请至少填写一个标签', 'tags'],
      [{ date: '明天' }, 400, '日期格式应为', 'date'],
      [{ type: 'repost' }, 400, '转载或翻译的文章必须填写原文链接', 'origin_url'],
      [{ body: '  ' }, 400, '请填写正文', 'body'],
      [{ body: 'x'.repeat(200_001) }, 400, '正文最多 200000 个字符', 'body'],
      [{ base_revision: 'not-a-revision' }, 400, 'base_revision 格式不对', 'base_revision'],
      [{ base_revision: undefined }, 400, '请带上打开文章时的 base_revision', 'base_revision'],
    ];
    for (const [change, status, message, field] of cases) {
      const { status: got, body } = await writing('PUT', `/articles/${article.id}/pending`, {
        ...fields(),
        base_revision: article.revision,
        ...change,
      });
      expect(got, JSON.stringify(change).slice(0, 80)).toBe(status);
      expect(body.message).toContain(message);
      if (field) expect(body.result.fields).toContain(field);
    }
    expect((await open(article.id)).pending).toBeNull();
  });

  it('is only for articles readers see: a draft saves as a draft, a binned one is restored first, an unknown one is 404', async () => {
    const draft = (await writing('POST', '/articles', { ...fields(), base_revision: null, publish: false })).body
      .result as WritingArticle;
    const refused = await writing('PUT', `/articles/${draft.id}/pending`, {
      ...fields({ body: '草稿的修改' }),
      base_revision: draft.revision,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('文章不在网站上，直接「保存草稿」即可');
    const binned = await liveArticle();
    await writing('PUT', `/articles/${binned.id}/trash`);
    const inBin = await writing('PUT', `/articles/${binned.id}/pending`, {
      ...fields(),
      base_revision: binned.revision,
    });
    expect(inBin.status).toBe(400);
    expect(inBin.body.message).toBe('文章在回收站里，请先恢复再编辑');
    expect(
      (await writing('PUT', '/articles/999999/pending', { ...fields(), base_revision: binned.revision })).status,
    ).toBe(404);
    expect((await writing('PUT', '/articles/999999/withdraw')).status).toBe(404);
  });

  it('restoring an older version replaces the edits that were waiting', async () => {
    const article = await liveArticle();
    const saved = (
      await writing('PUT', `/articles/${article.id}`, {
        ...fields({ body: '第二版。' }),
        base_revision: article.revision,
        publish: true,
      })
    ).body.result as WritingArticle;
    await writing('PUT', `/articles/${article.id}/pending`, {
      ...fields({ body: '等着的修改。' }),
      base_revision: saved.revision,
    });
    const [version] = (await writing('GET', `/articles/${article.id}/versions`)).body.result as { id: number }[];
    expect((await writing('PUT', `/articles/${article.id}/versions/${version.id}/restore`)).status).toBe(200);
    expect((await open(article.id)).pending).toBeNull();
    expect(fileOf(article)).toContain('线上的正文。');
  });
});

describe('保存草稿 on a live article', () => {
  it('is refused with what to do instead, and the article stays on the site', async () => {
    const article = await liveArticle();
    const before = fileOf(article);
    const { status, body } = await writing('PUT', `/articles/${article.id}`, {
      ...fields({ body: '改了一点' }),
      base_revision: article.revision,
      publish: false,
    });
    expect(status).toBe(400);
    expect(body.message).toContain('暂存修改');
    expect(body.message).toContain('撤下');
    expect(body.result.fields).toEqual(['publish']);
    expect(fileOf(article)).toBe(before);
    expect((await open(article.id)).status).toBe('published');
  });
});

describe('撤下 (withdraw)', () => {
  it('makes a live article a draft, keeping the live version in the history; again, it changes nothing', async () => {
    const article = await liveArticle();
    const live = fileOf(article);
    const { status, body } = await writing('PUT', `/articles/${article.id}/withdraw`);
    expect(status, body.message).toBe(200);
    expect(body.result.status).toBe('draft');
    expect(fileOf(article)).toContain('draft: true');
    expect(fileOf(article)).toContain('线上的正文。');
    const versions = (await writing('GET', `/articles/${article.id}/versions`)).body.result as { id: number }[];
    expect(versions).toHaveLength(1);
    expect((await writing('GET', `/articles/${article.id}/versions/${versions[0].id}`)).body.result.source).toBe(live);
    expect(
      (await writing('GET', '/articles?status=draft&size=50')).body.result.list.map((row: { id: number }) => row.id),
    ).toContain(article.id);

    const again = await writing('PUT', `/articles/${article.id}/withdraw`);
    expect(again.status).toBe(200);
    expect(again.body.result.status).toBe('draft');
    expect(await versionCount(article.id)).toBe(1);
  });

  it('takes the edits waiting into the draft, and clears them', async () => {
    const article = await liveArticle();
    await writing('PUT', `/articles/${article.id}/pending`, {
      ...fields({ title: 'Live 撤下前改的标题', body: '撤下前写的新正文。' }),
      base_revision: article.revision,
    });
    const withdrawn = (await writing('PUT', `/articles/${article.id}/withdraw`)).body.result as WritingArticle;
    expect(withdrawn).toMatchObject({ status: 'draft', title: 'Live 撤下前改的标题', pending: null });
    expect(fileOf(article)).toContain('撤下前写的新正文。');
    expect(fileOf(article)).toContain('draft: true');
    expect((await open(article.id)).pending).toBeNull();
  });

  it('after a hand edit, withdraws the file as it is and leaves the edits pending', async () => {
    const article = await liveArticle();
    await writing('PUT', `/articles/${article.id}/pending`, {
      ...fields({ body: '网页里的修改。' }),
      base_revision: article.revision,
    });
    writeFileSync(join(content, 'articles', article.file), fileOf(article).replace('线上的正文。', '手工改的正文。'));
    const withdrawn = (await writing('PUT', `/articles/${article.id}/withdraw`)).body.result as WritingArticle;
    expect(withdrawn.status).toBe('draft');
    expect(fileOf(article)).toContain('手工改的正文。');
    expect(withdrawn.pending!.fields.body).toBe('网页里的修改。');
  });

  it('takes a scheduled article off the schedule; a binned one is refused', async () => {
    const later = formatDateTime(new Date(Date.now() + 7 * 86_400_000));
    const scheduled = await liveArticle({ date: later });
    expect(scheduled.status).toBe('scheduled');
    const withdrawn = (await writing('PUT', `/articles/${scheduled.id}/withdraw`)).body.result as WritingArticle;
    expect(withdrawn.status).toBe('draft');
    expect(withdrawn.date).toBe(later);
    await writing('PUT', `/articles/${scheduled.id}/trash`);
    const inBin = await writing('PUT', `/articles/${scheduled.id}/withdraw`);
    expect(inBin.status).toBe(400);
    expect(inBin.body.message).toBe('文章在回收站里，请先恢复再编辑');
  });
});
