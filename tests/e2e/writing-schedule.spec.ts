/**
 * A scheduled article, on a server of its own with a copy of the demo content: dated a minute
 * ahead, it is not on the site after its publish, then goes live by itself when the date comes.
 * Most of the test is waiting for that minute, so it runs beside the other writing tests.
 */
import { formatDateTime } from '../../src/lib/shared/time';
import { expect, test } from './fixtures';
import { articleIdOf, bodyBox, field, startWritingSite, visitor, waitLive, type WritingSite } from './writingSite';

const OWNER = { username: 'scheduleowner', password: 'schedule-owner-password' };
let site: WritingSite;

test.setTimeout(600_000);

test.beforeAll(async () => {
  site = await startWritingSite(OWNER);
});
test.afterAll(async () => {
  await site?.stop();
});
// The browsers here are the test's own, not the fixture's `context`: their problems are checked here.
test.afterEach(({ problems }) => {
  expect(problems.seen, '页面上不应出现错误、CSP 违规或对其他主机的请求').toEqual([]);
});

test('an article dated a minute ahead is not shown, then goes live by itself at that time', async ({
  browser,
  problems,
}) => {
  const { page } = await visitor(browser, problems, site, { owner: true, address: '10.75.0.1' });
  await page.goto('/admin/articles/new');
  await field(page, '标题').fill('Scheduled 定时发布的文章');
  await field(page, '分类').fill('随笔');
  await field(page, '标签').fill('定时');
  // Far enough ahead that the build this publish asks for starts before the date, even queued behind
  // another test's build on a busy machine: a build that starts after it rightly shows the article.
  await field(page, '发布时间').fill(formatDateTime(new Date(Date.now() + 60_000)).replace(' ', 'T'));
  await bodyBox(page).click();
  await page.keyboard.type('到时间才出现。');
  await page.getByRole('button', { name: '发布', exact: true }).click();
  await expect(page).toHaveURL(/\?id=\d+$/);
  const id = articleIdOf(page);
  await waitLive(page);
  problems.documentErrors.add(`${site.server.url}/article/${id}`);
  expect((await page.request.get(`/article/${id}`)).status()).toBe(404);
  await page.goto('/admin/articles');
  await expect(page.getByRole('row').filter({ hasText: 'Scheduled 定时发布的文章' })).toContainText('定时发布');
  // Nobody touches anything: the server builds again when the date comes.
  await expect
    .poll(async () => (await page.request.get(`/article/${id}`)).status(), { timeout: 150_000, intervals: [2000] })
    .toBe(200);
});
