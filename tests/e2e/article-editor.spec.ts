/**
 * The article editor on a phone (375 px) and a laptop (1366 px), on a site of its own with a copy
 * of the demo content: a new article headed 写文章 with the title and the body on the first screen,
 * nothing loaded from elsewhere; a live article updated (更新) and live with the new text; edits kept
 * aside (暂存修改) that leave the live page as it was and come back after a reload; 撤下 asked
 * first and making the article a draft; the date picker on Beijing's clock from a browser in New
 * York; coloured code in the preview; and a body past the limit refused before it is sent.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { parseSiteDate } from '../../src/lib/shared/time';
import { expect, test, type PageProblems } from './fixtures';
import {
  articleIdOf,
  bodyBox,
  field,
  PUBLISH_WAIT,
  publishLine,
  startWritingSite,
  visitor,
  waitLive,
  type WritingSite,
} from './writingSite';

const OWNER = { username: 'editorowner', password: 'editor-owner-password' };
let site: WritingSite;

// The phone and the laptop are two workers' work, each on a site of its own (beforeAll runs once
// in each worker); the steps at one size run in order.
test.describe.configure({ mode: 'parallel' });
test.setTimeout(600_000);

test.beforeAll(async () => {
  site = await startWritingSite(OWNER);
});
test.afterAll(async () => {
  await site?.stop();
});

const opened: BrowserContext[] = [];
// The browsers here are the test's own, not the fixture's `context`: their problems are checked here.
test.afterEach(async ({ problems }) => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
  expect(problems.seen, '页面上不应出现错误、CSP 违规或对其他主机的请求').toEqual([]);
});

interface Size {
  name: string;
  viewport: { width: number; height: number };
  phone: boolean;
  /** Demo articles, all live at start: one to update, one to keep edits of, one to withdraw, one to bin. */
  update: number;
  keep: number;
  withdraw: number;
  bin: number;
}

const SIZES: Size[] = [
  { name: 'phone', viewport: { width: 375, height: 812 }, phone: true, update: 10, keep: 12, withdraw: 18, bin: 16 },
  { name: 'laptop', viewport: { width: 1366, height: 900 }, phone: false, update: 24, keep: 29, withdraw: 34, bin: 31 },
];

let addresses = 0;
const address = () => `10.78.${addresses >> 8}.${++addresses & 255}`;

/** The owner's editor at this size; on a phone the settings are folded until opened, as a person opens them. */
async function ownerAt(browser: Browser, problems: PageProblems, size: Size, timezoneId?: string) {
  const { context, page } = await visitor(browser, problems, site, {
    owner: true,
    address: address(),
    viewport: size.viewport,
    timezoneId,
  });
  opened.push(context);
  return page;
}
async function openSettings(page: Page, size: Size) {
  if (size.phone) await page.getByRole('button', { name: '文章设置' }).click();
  await expect(field(page, '分类')).toBeVisible();
}
/** The live page of an article, read by a new reader (a reader's own copy may be cached up to a minute). */
async function livePage(browser: Browser, problems: PageProblems, id: number) {
  const { context, page } = await visitor(browser, problems, site, { owner: false, address: address() });
  opened.push(context);
  const status = (await page.goto(`/article/${id}`))!.status();
  return { status, text: status === 200 ? await page.locator('article').innerText() : '' };
}
/** Types at the end of the body, as a person who clicked into it would. */
async function typeAtEnd(page: Page, text: string) {
  await bodyBox(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}
/** Requests that left the site: none may (the shared fixture also fails on any). */
function requestsElsewhere(page: Page): string[] {
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^(https?|wss?):$/.test(url.protocol) && url.origin !== site.server.url) elsewhere.push(request.url());
  });
  return elsewhere;
}

for (const size of SIZES) {
  test.describe(`${size.name} ${size.viewport.width} px`, () => {
    test.describe.configure({ mode: 'serial' });
    test('a new article is headed 写文章 with its title and body on the first screen; the editor loads nothing from elsewhere', async ({
      browser,
      problems,
    }) => {
      const page = await ownerAt(browser, problems, size);
      const elsewhere = requestsElsewhere(page);
      await page.goto('/admin/articles');
      await page.getByRole('link', { name: '写文章' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('写文章');
      await expect(bodyBox(page)).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(elsewhere).toEqual([]);
      // The title, and a few lines of the body, before any scroll.
      const title = (await field(page, '标题').boundingBox())!;
      const body = (await bodyBox(page).boundingBox())!;
      expect(title.y + title.height).toBeLessThan(size.viewport.height);
      expect(body.y + 120).toBeLessThan(size.viewport.height);
      // Every button of the editor's toolbar is a target a finger can hit.
      const tools = page.locator('.md-editor-toolbar-item');
      expect(await tools.count()).toBeGreaterThan(10);
      for (const box of await tools.evaluateAll((all) => all.map((el) => el.getBoundingClientRect().toJSON()))) {
        expect(box.width).toBeGreaterThanOrEqual(24);
        expect(box.height).toBeGreaterThanOrEqual(24);
      }
      if (size.phone) {
        await openSettings(page, size);
        for (const width of [360, 375, 390]) {
          await page.setViewportSize({ width, height: size.viewport.height });
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
            `${width} px`,
          ).toBe(0);
        }
      }
      // A saved article is headed for what it is.
      await page.goto(`/admin/articles/edit?id=${size.update}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('编辑文章');
      await expect(field(page, '标题')).not.toHaveValue('');
    });

    test('暂存修改 keeps edits to a live article without touching its live page, and they come back after a reload', async ({
      browser,
      problems,
    }) => {
      const page = await ownerAt(browser, problems, size);
      await page.goto(`/admin/articles/edit?id=${size.keep}`);
      await expect(page.getByRole('button', { name: '更新', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: '保存草稿' })).toHaveCount(0);
      const sentence = `暂存而没有发布的一句（${size.name}）`;
      await typeAtEnd(page, `\n\n${sentence}`);
      await page.getByRole('button', { name: '暂存修改' }).click();
      await expect(page.getByText(/有未发布的修改/)).toBeVisible();

      await page.reload();
      await expect(page.getByText(/有未发布的修改/)).toBeVisible();
      // The editor draws the lines in view: the owner goes to the end, where the sentence was typed.
      await bodyBox(page).click();
      await page.keyboard.press('Control+End');
      await expect(bodyBox(page)).toContainText(sentence);
      await expect(page.getByText('已发布', { exact: true })).toBeVisible();

      // The site is built again (as anything else published would): the live page keeps its text.
      await page.goto('/admin/articles');
      await page.getByRole('button', { name: '重新发布' }).click();
      await waitLive(page);
      const live = await livePage(browser, problems, size.keep);
      expect(live.status).toBe(200);
      expect(live.text).not.toContain(sentence);
    });

    test('更新 keeps a live article live with the new text', async ({ browser, problems }) => {
      const page = await ownerAt(browser, problems, size);
      await page.goto(`/admin/articles/edit?id=${size.update}`);
      const sentence = `更新后加上的一句（${size.name}）`;
      await typeAtEnd(page, `\n\n${sentence}`);
      await page.getByRole('button', { name: '更新', exact: true }).click();
      await expect(publishLine(page)).toHaveAttribute('data-state', /queued|building/);
      // The line stays in view while the build runs and the owner scrolls on, until it offers the article.
      await openSettings(page, size);
      await page.getByRole('heading', { level: 1 }).hover();
      await page.mouse.wheel(0, 3000);
      await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(300);
      await expect(publishLine(page)).toBeInViewport({ ratio: 1 });
      const view = publishLine(page).getByRole('link', { name: '查看文章' });
      await expect(view).toBeVisible(PUBLISH_WAIT);
      await expect(view).toBeInViewport({ ratio: 1 });
      await expect(page.getByText('已发布', { exact: true })).toBeVisible();
      const live = await livePage(browser, problems, size.update);
      expect(live.status).toBe(200);
      expect(live.text).toContain(sentence);
    });

    test('撤下 asks first, then makes the live article a draft', async ({ browser, problems }) => {
      const page = await ownerAt(browser, problems, size);
      await page.goto(`/admin/articles/edit?id=${size.withdraw}`);
      const title = await field(page, '标题').inputValue();
      expect(title).not.toBe('');
      await page.getByRole('button', { name: '撤下', exact: true }).click();
      const ask = page.getByRole('group', { name: /立即撤下/ });
      await expect(ask).toBeVisible();
      await ask.getByRole('button', { name: '取消' }).click();
      await expect(page.getByText('已发布', { exact: true })).toBeVisible();

      await page.getByRole('button', { name: '撤下', exact: true }).click();
      await ask.getByRole('button', { name: '确定' }).click();
      await expect(page.getByText('草稿', { exact: true })).toBeVisible();
      // 立即撤下: readers get a 404 now, not after the build that follows.
      problems.documentErrors.add(`${site.server.url}/article/${size.withdraw}`);
      expect((await livePage(browser, problems, size.withdraw)).status).toBe(404);
      await expect(page.getByRole('button', { name: '发布', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: '更新', exact: true })).toHaveCount(0);
      await page.reload();
      await expect(page.getByText('草稿', { exact: true })).toBeVisible();
      await page.goto('/admin/articles');
      await page.getByRole('button', { name: '草稿' }).click();
      await expect(page.getByRole('link', { name: title })).toBeVisible();
      // Once the site is built again, readers no longer find it.
      await page.getByRole('button', { name: '重新发布' }).click();
      await waitLive(page);
      problems.documentErrors.add(`${site.server.url}/article/${size.withdraw}`);
      expect((await page.request.get(`/article/${size.withdraw}`)).status()).toBe(404);
    });

    test('移到回收站 in the list takes the article off the site at once', async ({ browser, problems }) => {
      expect((await livePage(browser, problems, size.bin)).status).toBe(200);
      const page = await ownerAt(browser, problems, size);
      await page.goto('/admin/articles');
      const row = page.getByRole('row').filter({ has: page.locator(`a[href$="id=${size.bin}"]`) });
      await row.getByRole('button', { name: '移到回收站' }).click();
      await row
        .getByRole('group', { name: /文章会立即撤下/ })
        .getByRole('button', { name: '确定' })
        .click();
      await expect(page.getByText('已移到回收站')).toBeVisible();
      problems.documentErrors.add(`${site.server.url}/article/${size.bin}`);
      expect((await livePage(browser, problems, size.bin)).status).toBe(404);
    });

    test("the date picker sets a time on Beijing's clock, from a browser in New York", async ({
      browser,
      problems,
    }) => {
      const page = await ownerAt(browser, problems, size, 'America/New_York');
      await page.goto('/admin/articles/new');
      await field(page, '标题').fill(`定时的文章（${size.name}）`);
      await typeAtEnd(page, '到时间再上线。');
      await openSettings(page, size);
      await field(page, '分类').fill('随笔');
      await field(page, '标签').fill('定时');
      await field(page, '发布时间').fill('2030-05-06T07:08:09');
      await expect(page.getByText('相当于你这台设备所在时区的 2030-05-05 19:08:09')).toBeVisible();
      await page.getByRole('button', { name: '保存草稿' }).click();
      await expect(page).toHaveURL(/\?id=\d+$/);
      const saved = (await (await page.request.get(`/api/admin/writing/articles/${articleIdOf(page)}`)).json()).result;
      expect(saved.date).toBe('2030-05-06 07:08:09');

      await page.reload();
      await openSettings(page, size);
      await expect(field(page, '发布时间')).toHaveValue('2030-05-06T07:08:09');
      // 现在 is now on Beijing's clock, twelve or thirteen hours ahead of New York's.
      await page.getByRole('button', { name: '现在' }).click();
      const picked = parseSiteDate((await field(page, '发布时间').inputValue()).replace('T', ' '))!;
      expect(Math.abs(picked.getTime() - Date.now())).toBeLessThan(60_000);
    });

    test('the preview colours code as the live page does', async ({ browser, problems }) => {
      const page = await ownerAt(browser, problems, size);
      await page.goto('/admin/articles/new');
      await bodyBox(page).click();
      await page.keyboard.type('```ts\nconst answer: number = 42;\n');
      await page.getByRole('button', { name: '预览' }).click();
      const code = page.getByLabel('预览').locator('pre span').filter({ hasText: 'const' });
      await expect(code.first()).toBeVisible();
      const colours = await page
        .getByLabel('预览')
        .locator('pre span')
        .evaluateAll((spans) => [...new Set(spans.map((span) => getComputedStyle(span).color))]);
      expect(colours.length).toBeGreaterThanOrEqual(3);
      // The same colour the highlighter chose for the theme on screen.
      const [shown, chosen] = await code.first().evaluate((span) => {
        const dark = document.documentElement.dataset.theme === 'dark';
        const probe = document.createElement('span');
        probe.style.color = getComputedStyle(span).getPropertyValue(dark ? '--shiki-dark' : '--shiki-light');
        document.body.append(probe);
        const colour = getComputedStyle(probe).color;
        probe.remove();
        return [getComputedStyle(span).color, colour];
      });
      expect(shown).toBe(chosen);
    });

    test('a body past the limit is refused at once, with the limit, before anything is sent', async ({
      browser,
      problems,
    }) => {
      const page = await ownerAt(browser, problems, size);
      await page.goto('/admin/articles/new');
      await field(page, '标题').fill('太长的文章');
      await bodyBox(page).click();
      // A megabyte pasted in, as from another document.
      await bodyBox(page).evaluate((box) => {
        const data = new DataTransfer();
        data.setData('text/plain', '很长的正文。\n'.repeat(150_000));
        box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      });
      await expect(page.getByText('1,050,000 / 200,000 字')).toBeVisible();
      await expect(
        page.getByRole('alert').filter({ hasText: '正文最多 200000 个字符，现在有 1050000 个' }),
      ).toBeVisible();
      const sent: string[] = [];
      page.on('request', (request) => request.method() !== 'GET' && sent.push(request.url()));
      const started = Date.now();
      await page.getByRole('button', { name: '保存草稿' }).click();
      await expect(page.getByRole('alert').filter({ hasText: '正文最多 200000 个字符' }).first()).toBeVisible();
      expect(Date.now() - started).toBeLessThan(5000);
      expect(new URL(page.url()).pathname).toBe('/admin/articles/new');
      expect(sent).toEqual([]);
    });
  });
}
