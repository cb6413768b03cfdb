/**
 * What leaves one article out of a build (src/lib/node/articleLoader.ts), how the build's list of
 * them is read back (src/lib/node/releaseRecords.ts), and the state the console's list gives each
 * article from it (src/server/writing/liveArticles.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frontMatterProblems, imageProblem } from '../../src/lib/node/articleLoader';
import {
  readBuildFeatures,
  readSkippedArticles,
  releaseRecord,
  FEATURES_FILE,
  SKIPPED_ARTICLES_FILE,
} from '../../src/lib/node/releaseRecords';
import { listStateOf, type LiveArticles } from '../../src/server/writing/liveArticles';

let dir: string;
let article: string;
const good = { id: 1, title: '标题', date: '2024-01-01', category: '后端', tags: ['C#'] };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blog-skipped-'));
  mkdirSync(join(dir, 'covers'));
  article = join(dir, '0001.md');
  await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
    .jpeg()
    .toFile(join(dir, 'covers', '山.jpg'));
  writeFileSync(join(dir, 'covers', 'broken.jpg'), 'not a jpeg');
  writeFileSync(join(dir, 'covers', 'notes.txt'), 'text');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an article’s problems', () => {
  it('are none for a good one, with or without a cover beside it', async () => {
    expect(await frontMatterProblems(good, article)).toEqual([]);
    expect(await frontMatterProblems({ ...good, cover: './covers/山.jpg' }, article)).toEqual([]);
  });

  it('name the field and say why in Chinese', async () => {
    expect(await frontMatterProblems({ ...good, title: '' }, article)).toEqual([
      { field: 'title', reason: '请填写标题' },
    ]);
    expect(await frontMatterProblems({ ...good, tags: ['..'] }, article)).toEqual([
      { field: 'tags', reason: '标签不能是 . 或 ..（网址里它们表示上一级目录）' },
    ]);
    expect(await frontMatterProblems({ ...good, date: 'someday' }, article)).toEqual([
      { field: 'date', reason: '日期格式应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss' },
    ]);
  });

  it('include a cover that is missing, not an image, broken, or not beside the article', async () => {
    const coverProblem = async (cover: string) =>
      (await frontMatterProblems({ ...good, cover }, article)).map((p) => `${p.field}: ${p.reason}`);
    expect(await coverProblem('./covers/nope.jpg')).toEqual([
      'cover: 找不到封面 ./covers/nope.jpg（路径相对于文章所在的文件夹）',
    ]);
    expect(await coverProblem('./covers/notes.txt')).toEqual([
      'cover: 封面 ./covers/notes.txt 不是图片（支持 jpg、png、webp、avif、gif、svg）',
    ]);
    expect(await coverProblem('./covers/broken.jpg')).toEqual(['cover: 封面 ./covers/broken.jpg 已损坏，无法读取']);
    expect(await coverProblem('https://example.com/a.jpg')).toEqual([
      'cover: 封面必须是文章旁的图片，写相对路径，如 ./covers/山.jpg',
    ]);
  });

  it('find a body image by the path the Markdown writes, escaped or not', async () => {
    expect(await imageProblem(article, './covers/山.jpg', '正文里的图片')).toBeNull();
    expect(await imageProblem(article, `./covers/${encodeURI('山')}.jpg`, '正文里的图片')).toBeNull();
    expect(await imageProblem(article, './images/x.png', '正文里的图片')).toBe(
      '找不到正文里的图片 ./images/x.png（路径相对于文章所在的文件夹）',
    );
  });
});

describe('the build’s records', () => {
  it('are read from the release’s server folder, and are none for a build that kept none', () => {
    const release = join(dir, 'release');
    mkdirSync(join(release, 'server'), { recursive: true });
    expect(readSkippedArticles(release)).toEqual([]);
    expect(readBuildFeatures(release)).toBeNull();
    const skipped = [
      { file: '0002.md', field: 'tags', reason: '标签不能是 . 或 ..' },
      { file: '0003.md', field: null, reason: 'front matter 格式有误' },
    ];
    writeFileSync(releaseRecord(release, SKIPPED_ARTICLES_FILE), JSON.stringify(skipped));
    const switches = { shop: false, links: true, board: true, talks: true, music: true, comments: true, offline: true };
    writeFileSync(releaseRecord(release, FEATURES_FILE), JSON.stringify(switches));
    expect(readSkippedArticles(release)).toEqual(skipped);
    expect(readBuildFeatures(release)).toEqual(switches);
    // A build made before a part existed has no such part.
    const { offline: _, ...olderRecord } = switches;
    writeFileSync(releaseRecord(release, FEATURES_FILE), JSON.stringify(olderRecord));
    expect(readBuildFeatures(release)).toEqual({ ...switches, offline: false });
  });

  it('refuse a file that is not what the build writes', () => {
    const release = join(dir, 'odd');
    mkdirSync(join(release, 'server'), { recursive: true });
    writeFileSync(releaseRecord(release, SKIPPED_ARTICLES_FILE), '{"file": 1}');
    writeFileSync(releaseRecord(release, FEATURES_FILE), '{"shop": "no"}');
    expect(() => readSkippedArticles(release)).toThrow(SKIPPED_ARTICLES_FILE);
    expect(() => readBuildFeatures(release)).toThrow(FEATURES_FILE);
  });
});

describe('an article’s state in the console’s list', () => {
  const live: LiveArticles = {
    has: (id) => id === 1,
    skipped: [{ file: '0003.md', field: 'cover', reason: '找不到封面' }],
  };

  it('is live only when the live build has it, pending until then, failed when the build left it out', () => {
    expect(listStateOf('published', 1, '0001.md', live)).toEqual({ state: 'live', skipped: null });
    expect(listStateOf('published', 2, '0002.md', live)).toEqual({ state: 'pending', skipped: null });
    expect(listStateOf('published', 3, '0003.md', live)).toEqual({ state: 'failed', skipped: live.skipped[0] });
  });

  it('keeps the other statuses, with the build’s reason for a draft it could not build, and none in the bin', () => {
    expect(listStateOf('scheduled', 2, '0002.md', live)).toEqual({ state: 'scheduled', skipped: null });
    expect(listStateOf('draft', 3, '0003.md', live)).toEqual({ state: 'draft', skipped: live.skipped[0] });
    expect(listStateOf('trash', 3, '0003.md', live)).toEqual({ state: 'trash', skipped: null });
  });
});
