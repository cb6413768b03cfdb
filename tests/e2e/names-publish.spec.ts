/**
 * One article can never stop the site from publishing, on a phone (375 px) and a desktop (1366 px):
 * tags and a category with every odd character publish through the console's editor, and the
 * tag's page opens from the chip on the article; a hand-written article with a bad field is left
 * out while the rest goes live, and the console's list says which file, which field and why.
 * A server of its own on a small blog (no images, so each publish is a quick real build).
 */
import type { Browser, Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../integration/serve';
import { expect, test, type PageProblems } from './fixtures';
import { bodyBox, field, publishLine, visitor, type WritingSite } from './writingSite';
import { astroCacheWithDemoImages, copyDemoContent, distWithSuiteBuild } from '../siteCopies';

const OWNER = { username: 'namesowner', password: 'names-owner-password' };
const ODD_TAGS = ['C#', 'C++', '../x', '<script>', 'a"b', '🐟', '100%'];
const ODD_CATEGORY = '测试/分类';
const PUBLISH_WAIT = { timeout: 240_000 };
const SIZES = [
  { name: 'phone', viewport: { width: 375, height: 812 }, phone: true, block: 1 },
  { name: 'laptop', viewport: { width: 1366, height: 900 }, phone: false, block: 2 },
];
let dir: string;
let content: string;
let site: Pick<WritingSite, 'server' | 'content' | 'owner' | 'stop'>;

test.describe.configure({ mode: 'serial' });
test.setTimeout(400_000);

/** An article as an owner writes it by hand, on a day of March 2024 unless `date` says otherwise. */
const handWritten = (id: number, body: string, date = `2024-03-${String((id % 28) + 1).padStart(2, '0')} 10:00:00`) =>
  `---\nid: ${id}\ntitle: "手写的第 ${id} 篇"\ndate: "${date}"\ncategory: "随笔"\ntags: ["生活"]\n---\n\n${body}\n`;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blog-names-e2e-'));
  content = join(dir, 'content');
  mkdirSync(join(content, 'articles'), { recursive: true });
  copyDemoContent(content, { articles: false });
  for (const id of [1, 2, 3])
    writeFileSync(join(content, 'articles', `000${id}.md`), handWritten(id, `第 ${id} 篇的正文。`));
  // The suite's build stands in for the live one until the first publish.
  const dist = join(dir, 'dist');
  distWithSuiteBuild(dist);
  const server = await startServer({
    CONTENT_DIR: content,
    DIST_DIR: dist,
    ASTRO_CACHE_DIR: astroCacheWithDemoImages(join(dir, 'astro-cache')),
    DATABASE_URL: `file:${join(dir, 'blog.db')}`,
    UPLOAD_DIR: join(dir, 'uploads'),
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    TRUST_PROXY: 'loopback',
  });
  site = { server, content, owner: OWNER, stop: async () => server.stop() };
});
test.afterAll(async () => {
  await site?.stop();
  rmSync(dir, { recursive: true, force: true });
});
// The browsers here are the test's own, not the fixture's `context`: their problems are checked here.
test.afterEach(({ problems }) => {
  expect(problems.seen, '页面上不应出现错误、CSP 违规或对其他主机的请求').toEqual([]);
});

/** Waits for the build the last action asked for to end, and for it to be live (a failed one says why at once). */
async function waitLive(page: Page) {
  await expect(publishLine(page)).toHaveAttribute('data-state', /queued|building/);
  await expect(publishLine(page)).toHaveAttribute('data-state', /live|failed/, PUBLISH_WAIT);
  await expect(publishLine(page)).toContainText('已发布上线');
}

for (const { name, viewport, phone, block } of SIZES) {
  test.describe(`on a ${viewport.width} px ${name}`, () => {
    const browserOf = (browser: Browser, problems: PageProblems, owner: boolean, n: number) =>
      visitor(browser, problems, site, { owner, address: `10.79.${block}.${n}`, viewport });

    test('odd tags and an odd category publish from the editor, and the C# chip opens its page', async ({
      browser,
      problems,
    }) => {
      const title = `符号标签（${name}）`;
      const { page } = await browserOf(browser, problems, true, 1);
      await page.goto('/admin/articles/new');
      await field(page, '标题').fill(title);
      await bodyBox(page).click();
      await page.keyboard.type('标签里什么符号都有。');
      // On a phone the settings are folded under the body until opened.
      if (phone) await page.getByRole('button', { name: '文章设置' }).click();
      await field(page, '分类').fill(ODD_CATEGORY);
      await field(page, '标签').fill(ODD_TAGS.join(', '));
      await page.getByRole('button', { name: '发布', exact: true }).click();
      await expect(page).toHaveURL(/\?id=\d+$/);
      const id = Number(new URL(page.url()).searchParams.get('id'));
      await waitLive(page);

      const reader = (await browserOf(browser, problems, false, 2)).page;
      await reader.goto(`/article/${id}`);
      await expect(reader.getByRole('heading', { level: 1 })).toHaveText(title);
      const chips = reader.locator('article header a.chip');
      await expect(chips).toHaveText([ODD_CATEGORY, ...ODD_TAGS.map((tag) => `#${tag}`)]);
      await chips.filter({ hasText: /^#C#$/ }).click();
      await expect(reader).toHaveURL(/\/tag\/C%23$/);
      await expect(reader.getByRole('heading', { level: 1 })).toHaveText('#C#');
      await expect(reader.getByRole('link', { name: title })).toBeVisible();
      await reader.goBack();
      await chips.filter({ hasText: ODD_CATEGORY }).click();
      await expect(reader.getByRole('heading', { level: 1 })).toHaveText(ODD_CATEGORY);
      await expect(reader.getByRole('link', { name: title })).toBeVisible();
      // Every other chip leads to a page of its own too.
      for (const tag of ODD_TAGS) {
        const res = await reader.request.get(`/tag/${encodeURIComponent(tag)}`);
        expect(res.status(), tag).toBe(200);
        expect(await res.text(), tag).toContain(title);
      }
    });

    test('a hand-written article with a bad field is left out, the rest publishes, and the list says why', async ({
      browser,
      problems,
    }) => {
      const brokenId = 900 + block * 10;
      const broken = `0${brokenId}-broken.md`;
      const good = brokenId + 1;
      writeFileSync(join(content, 'articles', broken), handWritten(brokenId, '日期写错了。', '下周一'));
      writeFileSync(join(content, 'articles', `0${good}.md`), handWritten(good, `好好写的第 ${good} 篇。`));

      const { page } = await browserOf(browser, problems, true, 3);
      await page.goto('/admin/articles');
      await page.getByRole('button', { name: '重新发布' }).click();
      await waitLive(page);

      const reader = (await browserOf(browser, problems, false, 4)).page;
      await reader.goto(`/article/${good}`);
      await expect(reader.getByText(`好好写的第 ${good} 篇。`)).toBeVisible();

      await page.reload();
      const row = page.getByRole('row').filter({ hasText: `手写的第 ${brokenId} 篇` });
      await expect(row.getByRole('cell', { name: '发布失败', exact: true })).toBeVisible();
      await expect(
        row.getByText(`构建时跳过了 ${broken}（date）：日期格式应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss`),
      ).toBeVisible();
      const live = page.getByRole('row').filter({ hasText: `手写的第 ${good} 篇` });
      await expect(live.getByRole('cell', { name: '已上线', exact: true })).toBeVisible();
    });
  });
}
