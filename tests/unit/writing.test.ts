/** The writing console's pure parts: front matter in and out, the publish queue and the editor's checks. */
import { describe, expect, it } from 'vitest';
import { createPublisher, type BuildRun } from '../../src/server/writing/publisher';
import { articleFileName } from '../../src/server/writing/articles';
import { articleDirOf, contentFileUrl } from '../../src/lib/shared/contentFiles';
import { formatSource, parseSource } from '../../src/server/writing/sourceFiles';
import { emptyDraft, fieldProblems, splitTags } from '../../src/lib/browser/writingDraft';
import { splitFrontMatter } from '../../src/lib/shared/frontMatter';

describe('front matter', () => {
  it('reads what it writes, keeping unknown keys and dropping empty ones', () => {
    const source = formatSource(
      { id: 7, title: '标题: 带冒号', tags: ['a', 'b'], order: 3, cover: undefined, description: '' },
      '正文\n\n',
    );
    expect(source).toBe('---\nid: 7\ntitle: "标题: 带冒号"\ntags:\n  - "a"\n  - "b"\norder: 3\n---\n\n正文\n');
    expect(parseSource(source)).toEqual({
      data: { id: 7, title: '标题: 带冒号', tags: ['a', 'b'], order: 3 },
      body: '正文\n',
      problem: null,
    });
  });

  it('reads a hand-written file with an unquoted date as text, and says what is wrong with a broken one', () => {
    expect(parseSource('---\ndate: 2024-01-02\n---\nx').data.date).toBe('2024-01-02');
    expect(parseSource('no front matter').problem).toContain('front matter');
    expect(parseSource('---\ntitle: [unclosed\n---\nx').problem).toContain('无法解析');
    expect(parseSource('---\n- a\n---\nx').problem).toBe('front matter 不是键值对');
  });

  it('names a new file by its id, with the English words of its title', () => {
    expect(articleFileName(35, 'Astro Islands 入门')).toBe('0035-astro-islands.md');
    expect(articleFileName(35, '只有中文')).toBe('0035.md');
    expect(articleFileName(1200, '../../etc/passwd')).toBe('1200-etc-passwd.md');
    expect(articleFileName(3, 'a '.repeat(30))).not.toMatch(/-\.md$/);
  });
});

describe('preview image addresses', () => {
  it('resolves paths beside the article and refuses any that climb out', () => {
    expect(contentFileUrl('', './images/a.png')).toBe('/api/admin/writing/files/images/a.png');
    expect(contentFileUrl('notes', './images/图.png')).toBe('/api/admin/writing/files/notes/images/%E5%9B%BE.png');
    expect(contentFileUrl('notes', '../images/a.png')).toBe('/api/admin/writing/files/images/a.png');
    expect(contentFileUrl('', '../../etc/passwd')).toBeNull();
    expect(contentFileUrl('', '/img/a.png')).toBeNull();
    expect(contentFileUrl('', 'https://example.com/a.png')).toBeNull();
  });

  it("resolves a cover against the folder of its article's file", () => {
    expect(contentFileUrl(articleDirOf('0003-sqlite.md'), './covers/a.jpg')).toBe(
      '/api/admin/writing/files/covers/a.jpg',
    );
    expect(contentFileUrl(articleDirOf('notes/2024/x.md'), './covers/a.jpg')).toBe(
      '/api/admin/writing/files/notes/2024/covers/a.jpg',
    );
    expect(articleDirOf(null)).toBe('');
  });
});

/** A build that takes as long as the test says, counting how many ran. */
function fakeBuilds() {
  const runs: (() => void)[] = [];
  const build = (onLine: (line: string) => void) =>
    new Promise<BuildRun>((resolve) => {
      onLine('[content] Syncing content');
      runs.push(() => resolve({ ok: true, output: '' }));
    });
  const finishNext = async () => {
    while (runs.length === 0) await new Promise((r) => setTimeout(r, 5));
    runs.shift()!();
  };
  return { build, runs, finishNext };
}

describe('the publish queue', () => {
  it('ten quick saves make one build, and saves during a build make exactly one more', async () => {
    const fake = fakeBuilds();
    let live = 0;
    const publisher = createPublisher({ build: fake.build, goLive: async () => void live++, settleMs: 20 });
    for (let i = 0; i < 10; i++) publisher.request();
    expect(publisher.state().state).toBe('queued');
    await fake.finishNext();
    await new Promise((r) => setTimeout(r, 5));
    expect(live).toBe(1);
    expect(publisher.state().state).toBe('live');

    publisher.request();
    while (fake.runs.length === 0) await new Promise((r) => setTimeout(r, 5));
    expect(publisher.state()).toMatchObject({ state: 'building', step: '读取内容', percent: 10 });
    for (let i = 0; i < 10; i++) publisher.request();
    await fake.finishNext();
    await fake.finishNext();
    await publisher.settled();
    expect(live).toBe(3);
    expect(publisher.state().builds).toBe(3);
  });

  it('counts the images the build writes, so a long image step is seen to move', async () => {
    const steps: string[] = [];
    const lines = [
      '[content] Syncing content',
      'generating optimized images',
      '  ▶ /_astro/a_1.webp (reused cache entry) (+2ms) (1/40)',
      '  ▶ /_astro/b_2.avif (before: 8206kB, after: 49kB) (+1.2s) (20/40)',
      '  ▶ /_astro/c_3.webp (before: 8206kB, after: 5kB) (+1ms) (40/40)',
      '[build] Complete!',
    ];
    const publisher = createPublisher({
      build: async (onLine) => {
        for (const line of lines) {
          onLine(line);
          const { step, percent } = publisher.state();
          steps.push(`${step} ${percent}`);
        }
        return { ok: true, output: '' };
      },
      goLive: async () => {},
      settleMs: 1,
    });
    publisher.request();
    await publisher.settled();
    expect(steps).toEqual([
      '读取内容 10',
      '处理图片 65',
      '处理图片 1/40 65',
      '处理图片 20/40 72',
      '处理图片 40/40 79',
      '检查内联脚本 80',
    ]);
  });

  it('a failed build reports what it found failed and leaves the live build alone', async () => {
    let live = 0;
    const problem = { file: 'articles/0001-a.md', field: 'tags', message: '请至少填写一个标签' };
    const publisher = createPublisher({
      build: async () => ({ ok: false, output: '', problem }),
      goLive: async () => void live++,
      settleMs: 1,
    });
    publisher.request();
    await publisher.settled();
    expect(live).toBe(0);
    expect(publisher.state()).toMatchObject({ state: 'failed', error: problem });
  });

  it('a build that could not say what failed points to the server’s log, where its last lines go', async () => {
    const logged: string[] = [];
    const error = console.error;
    console.error = (line: string) => void logged.push(line);
    try {
      const publisher = createPublisher({
        build: async () => ({ ok: false, output: 'FATAL ERROR: heap out of memory' }),
        goLive: async () => {},
        settleMs: 1,
      });
      publisher.request();
      await publisher.settled();
      expect(publisher.state()).toMatchObject({
        state: 'failed',
        error: { file: null, field: null, message: '构建失败，详见服务器日志' },
      });
      expect(logged.join('\n')).toContain('FATAL ERROR: heap out of memory');
    } finally {
      console.error = error;
    }
  });
});

describe('the editor’s checks', () => {
  it('gives each field the content schema’s message', () => {
    const problems = fieldProblems({ ...emptyDraft(), type: 'repost' });
    expect(problems).toMatchObject({
      title: '请填写标题',
      category: '请填写分类',
      tags: '请至少填写一个标签',
      origin_url: '转载或翻译的文章必须填写原文链接',
      body: '请填写正文',
    });
    expect(Object.keys(fieldProblems({ ...emptyDraft(), title: 't', category: 'c', tags: ['x'], body: 'b' }))).toEqual(
      [],
    );
  });

  it("refuses a body past the server's limit before sending it, with the limit and the count", () => {
    const filled = { ...emptyDraft(), title: 't', category: 'c', tags: ['x'] };
    expect(Object.keys(fieldProblems({ ...filled, body: 'x'.repeat(200_000) }))).toEqual([]);
    expect(fieldProblems({ ...filled, body: 'x'.repeat(1_000_000) }).body).toBe(
      '正文最多 200000 个字符，现在有 1000000 个',
    );
  });

  it('splits typed tags on either comma and spaces, once each', () => {
    expect(splitTags('astro， 前端,astro  笔记、随想')).toEqual(['astro', '前端', '笔记', '随想']);
  });

  it('takes the body of a saved file', () => {
    expect(splitFrontMatter('---\nid: 1\n---\n\n正文\n')).toEqual({ yaml: 'id: 1', body: '正文\n' });
  });
});

describe('scheduled publishing', () => {
  it('builds by itself once the scheduled time has passed, and a new schedule replaces the old', async () => {
    let builds = 0;
    const publisher = createPublisher({
      build: async () => (builds++, { ok: true, output: '' }),
      goLive: async () => {},
      settleMs: 1,
    });
    publisher.scheduleAt(new Date(Date.now() + 60_000));
    publisher.scheduleAt(new Date(Date.now() - 1000));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await publisher.settled();
    expect(builds).toBe(1);
    publisher.scheduleAt(null);
  });
});
