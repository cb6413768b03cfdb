/** Two readers on the community features: comments, replies, the message board and the message drawer. */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { MESSAGES_PER_MINUTE } from '../../src/contract/limits';
import { expect, test, watchContext, type PageProblems } from './fixtures';
import { createAccount, islandsHydrated, loginThroughForm } from './helpers';

interface Reader {
  nickName: string;
  page: Page;
  /** Calls the API as this reader, with the session cookie of their browser. */
  post: (path: string, data: unknown) => Promise<unknown>;
}

let readers = 0;

/** A new account, logged in through the login screen in a browser of its own, from its own address. */
async function reader(browser: Browser, problems: PageProblems, baseURL: string, nickName: string): Promise<Reader> {
  const n = ++readers;
  const context = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    extraHTTPHeaders: { 'X-Forwarded-For': `10.88.${n >> 8}.${n & 255}` },
  });
  await watchContext(context, problems, new URL(baseURL).origin);
  const account = await createAccount(context.request, nickName);
  const page = await context.newPage();
  await page.goto('/login');
  await loginThroughForm(page, account.username, account.password);
  await expect(page.getByTestId('user-menu')).toContainText(nickName);
  const post = async (path: string, data: unknown) => {
    const res = await context.request.post(path, { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).result;
  };
  return { nickName, page, post };
}

const bell = (page: Page) => page.getByTestId('notify-bell');
const badge = (page: Page) => page.getByTestId('notify-badge');
const drawer = (page: Page) => page.getByRole('dialog', { name: '我的消息' });

test('a comment on my post reaches my message drawer: badge, 新, jump, read, delete', async ({
  browser,
  problems,
  baseURL,
}) => {
  const author = await reader(browser, problems, baseURL!, '留言的主人');
  const visitor = await reader(browser, problems, baseURL!, '路过的读者');
  const { id } = (await author.post('/api/message/add', { message: '今天天气真好' })) as { id: number };

  await visitor.page.goto(`/message/detail?id=${id}`);
  await expect(visitor.page.getByTestId('board-post')).toContainText('今天天气真好');
  await visitor.page.getByRole('textbox', { name: '说点什么吧…' }).fill('同感！出去走走吧');
  await visitor.page.getByRole('button', { name: '发表' }).click();
  await expect(visitor.page.getByRole('article', { name: '路过的读者' })).toContainText('同感！出去走走吧');
  // Where each was written from, as Chinese sites show it (a test address has no known place).
  await expect(visitor.page.getByRole('article', { name: '路过的读者' })).toContainText('IP 属地：未知');
  await expect(visitor.page.getByTestId('board-post')).toContainText('IP 属地：未知');
  // When, as how long ago; the exact time on hover.
  const when = visitor.page.getByRole('article', { name: '路过的读者' }).locator('time');
  await expect(when).toHaveText(/^\d+秒前$/);
  await expect(when).toHaveAttribute('title', /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  await expect(visitor.page.getByTestId('board-post').locator('time')).toHaveText(/^\d+(秒|分钟)前$/);

  // The count refreshes on the next page the author opens.
  await author.page.goto('/home');
  await expect(badge(author.page)).toHaveText('1');
  await expect(bell(author.page)).toHaveAccessibleName('我的消息，1 条未读');

  await bell(author.page).click();
  const item = drawer(author.page).getByRole('listitem').first();
  await expect(item).toContainText('路过的读者');
  await expect(item).toContainText('新');
  await expect(item.locator('time')).toHaveText(/^\d+(秒|分钟)前$/);
  await expect(drawer(author.page).getByRole('button', { name: '已经到底了' })).toBeDisabled();
  await item.getByRole('button', { name: /路过的读者/ }).click();
  await expect(author.page).toHaveURL(/\/message\/list$/);
  await expect(drawer(author.page)).toBeHidden();
  await expect(badge(author.page)).toHaveCount(0);

  await bell(author.page).click();
  const read = drawer(author.page).getByRole('listitem').first();
  await expect(read).not.toContainText('新');
  await read.getByRole('button', { name: '删除' }).click();
  const confirm = read.getByRole('group', { name: '确定删除吗？' });
  await expect(confirm).toHaveCSS('position', 'absolute');
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(confirm).toHaveCount(0);
  await read.getByRole('button', { name: '删除' }).click();
  await read.getByRole('group', { name: '确定删除吗？' }).getByRole('button', { name: '确定' }).click();
  await expect(author.page.getByRole('status').getByText('删除成功')).toBeVisible();
  await expect(drawer(author.page).getByRole('button', { name: '暂无消息' })).toBeVisible();
});

test('a styled post is published with a live preview and shows in the list as styled', async ({
  browser,
  problems,
  baseURL,
}) => {
  const writer = await reader(browser, problems, baseURL!, '爱写留言的人');
  await writer.page.goto('/message/list');
  await writer.page.getByRole('link', { name: /写留言/ }).click();
  await expect(writer.page).toHaveURL(/\/message\/publish$/);

  const form = writer.page.getByRole('form', { name: '写留言' });
  await form.getByLabel('留言内容').fill('第一行\n第二行 🎉');
  await form.getByLabel('文字颜色', { exact: true }).fill('#cc0000');
  await form.getByLabel('字号').selectOption('24px');
  await form.getByLabel('字重').selectOption('bold');
  await form.getByLabel('标签').fill('心情');
  await form.getByRole('radio', { name: '背景色' }).check();
  await form.locator('input[type="color"][aria-label="背景色"]').fill('#fff2cc');

  const preview = writer.page.getByRole('region', { name: '预览' }).getByTestId('board-post');
  await expect(preview).toContainText('第二行 🎉');
  await expect(preview).toContainText('#心情');
  const previewText = preview.locator('p').first();
  await expect(previewText).toHaveCSS('font-size', '24px');

  await form.getByRole('button', { name: '发布' }).click();
  await expect(writer.page).toHaveURL(/\/message\/list$/);
  await expect(writer.page.getByRole('status').getByText('发布成功')).toBeVisible();
  const card = writer.page.getByTestId('board-post').filter({ hasText: '第二行 🎉' });
  await expect(card).toHaveCount(1);
  const paper = card.locator('p').first().locator('..');
  await expect(paper).toHaveCSS('color', 'rgb(204, 0, 0)');
  await expect(paper).toHaveCSS('font-weight', '700');
  await expect(paper).toHaveCSS('background-color', 'rgb(255, 242, 204)');
  await expect(
    writer.page.getByRole('group', { name: '热门标签' }).getByRole('button', { name: /心情/ }),
  ).toBeVisible();
});

test('a message to edit that cannot be opened is never published as a new one, and one not reached is not called deleted', async ({
  browser,
  problems,
  baseURL,
}) => {
  const run = Date.now() % 100_000;
  const writer = await reader(browser, problems, baseURL!, `改留言的人${run}`);
  const other = await reader(browser, problems, baseURL!, `别人${run}`);
  const mine = (await writer.post('/api/message/add', { message: `我的留言 ${run}` })) as { id: number };
  const theirs = (await other.post('/api/message/add', { message: `别人的留言 ${run}` })) as { id: number };
  const { page } = writer;
  const form = page.getByRole('form', { name: '编辑留言' });

  // The network is down as the form opens: it says so, offers no form to send, and opens when asked again.
  problems.allow(/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
  await page.route(`**/api/message/getMessageById/${mine.id}`, (route) => route.abort('internetdisconnected'));
  await page.goto(`/message/publish?id=${mine.id}`);
  await expect(page.getByRole('alert').filter({ hasText: '要编辑的留言没能打开' })).toBeVisible();
  await expect(page.getByRole('button', { name: '发布' })).toHaveCount(0);
  await page.unroute(`**/api/message/getMessageById/${mine.id}`);
  await page.getByRole('button', { name: '重试' }).click();
  await expect(form.getByLabel('留言内容')).toHaveValue(`我的留言 ${run}`);

  // Someone else's: why, and the way back to the board.
  await page.goto(`/message/publish?id=${theirs.id}`);
  await expect(page.getByRole('alert')).toHaveText('只能编辑自己的留言');
  await expect(page.getByRole('button', { name: '发布' })).toHaveCount(0);
  await page.getByRole('link', { name: '← 返回留言板' }).click();
  await expect(page).toHaveURL(/\/message\/list$/);
  await expect(page.getByTestId('board-post').filter({ hasText: `我的留言 ${run}` })).toHaveCount(1);

  // A message's own page, not reached, is not called deleted: it offers to load again.
  await page.route(`**/api/message/getMessageById/${mine.id}`, (route) => route.abort('internetdisconnected'));
  await page.goto(`/message/detail?id=${mine.id}`);
  const retry = page.getByRole('button', { name: '留言加载失败，点这里重试' });
  await expect(retry).toBeVisible();
  await expect(page.getByText('这条留言不存在或已被删除')).toHaveCount(0);
  await page.unroute(`**/api/message/getMessageById/${mine.id}`);
  await retry.click();
  await expect(page.getByTestId('board-post')).toContainText(`我的留言 ${run}`);
});

test('an anonymous visitor who wants to publish is sent to log in, and comes back after', async ({ page, request }) => {
  const { username, password } = await createAccount(request, '后来登录的人');
  await page.goto('/message/list');
  await islandsHydrated(page);
  await page.getByRole('link', { name: /写留言/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  await loginThroughForm(page, username, password);
  await expect(page).toHaveURL(/\/message\/publish$/);
  await expect(page.getByRole('form', { name: '写留言' })).toBeVisible();
});

test('Back from the login page that 写留言 sent an anonymous visitor to goes back to the board', async ({ page }) => {
  await page.goto('/message/list');
  await islandsHydrated(page);
  await page.getByRole('link', { name: /写留言/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/message\/list$/);
  await expect(page.getByRole('link', { name: /写留言/ })).toBeVisible();
});

test('a reply names whom it answers, and tells them', async ({ browser, problems, baseURL }) => {
  const first = await reader(browser, problems, baseURL!, '先说话的人');
  const second = await reader(browser, problems, baseURL!, '接话的人');

  await first.page.goto('/article/2');
  const section = first.page.getByTestId('comments');
  await section.scrollIntoViewIfNeeded();
  await section.getByRole('textbox', { name: '说点什么吧…' }).fill('写得真清楚 https://example.com/more 这里还有');
  await section.getByRole('button', { name: '发表' }).click();
  const mine = section.getByRole('article', { name: '先说话的人' });
  await expect(mine).toContainText('写得真清楚');
  // A web address in a comment is a link that leaves the site without passing on who sent the reader.
  await expect(mine.getByRole('link', { name: 'https://example.com/more' })).toHaveAttribute('rel', /noopener/);

  await second.page.goto('/article/2');
  const theirs = second.page.getByTestId('comments');
  await theirs.scrollIntoViewIfNeeded();
  const root = theirs.getByRole('listitem').filter({ has: second.page.getByRole('article', { name: '先说话的人' }) });
  await root.getByRole('button', { name: '回复' }).first().click();
  await root.getByRole('textbox', { name: '回复 @先说话的人' }).fill('同意你的看法');
  await root.getByRole('button', { name: '发表' }).click();
  const reply = root.getByRole('article', { name: '接话的人' });
  await expect(reply).toContainText('回复 @先说话的人');
  await expect(reply).toContainText('同意你的看法');

  await first.page.goto('/home');
  await expect(badge(first.page)).toHaveText('1');
  await bell(first.page).click();
  await expect(drawer(first.page).getByRole('listitem').first()).toContainText('接话的人');
  await drawer(first.page).getByRole('listitem').first().getByRole('button', { name: '查看' }).click();
  await expect(first.page).toHaveURL(/\/article\/2$/);
});

test('a comment whose answer was lost on the way is sent again by the reader and shows once', async ({
  browser,
  problems,
  baseURL,
}) => {
  // Words and name of their own, so a retried test does not meet the comment of the try before.
  const run = Date.now() % 100_000;
  const name = `信号不好的人${run}`;
  const words = `这条的回答在路上丢了 ${run}`;
  const { page } = await reader(browser, problems, baseURL!, name);
  await page.goto('/article/3');
  const section = page.getByTestId('comments');
  await section.scrollIntoViewIfNeeded();
  // The server stores the first one, but its answer never reaches the browser.
  let answers = 0;
  await page.route('**/api/comment/add', async (route) => {
    if (answers++ > 0) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  problems.allow(/Failed to load resource: net::ERR_CONNECTION_RESET/);
  const box = section.getByRole('textbox', { name: '说点什么吧…' });
  const mine = section.getByRole('article', { name });
  await box.fill(words);
  await section.getByRole('button', { name: '发表' }).click();
  await expect.poll(() => answers).toBe(1);
  await expect(box).toHaveValue(words);
  await expect(mine).toHaveCount(0);

  // Away and back: the list is read again, and shows the comment the server kept; the draft is still there.
  // The header hides while the reader scrolls down, and comes back at the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('banner').getByRole('link', { name: '首页', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/article\/3$/);
  await section.scrollIntoViewIfNeeded();
  await expect(mine).toHaveCount(1);
  await expect(box).toHaveValue(words);

  await section.getByRole('button', { name: '发表' }).click();
  await expect(box).toHaveValue('');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(words);
  // Sent once more on purpose, it is still the one comment.
  await box.fill(words);
  await section.getByRole('button', { name: '发表' }).click();
  await expect(box).toHaveValue('');
  await expect(mine).toHaveCount(1);
  await page.reload();
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByText(words)).toHaveCount(1);
});

test('a reader back on an article sees the comments written meanwhile, on the pages they had opened', async ({
  browser,
  problems,
  baseURL,
}) => {
  const run = Date.now() % 100_000;
  // Two writers (each within the comment budget a minute) fill more than the first page of 10.
  const writers = [
    await reader(browser, problems, baseURL!, `常来的甲${run}`),
    await reader(browser, problems, baseURL!, `常来的乙${run}`),
  ];
  const written = 12;
  for (let i = 0; i < written; i++)
    await writers[i % 2].post('/api/comment/add', { type: 1, for_id: 5, content: `第 ${i + 1} 条 ${run}` });
  const { page } = await reader(browser, problems, baseURL!, `翻页的读者${run}`);
  await page.goto('/article/5');
  const section = page.getByTestId('comments');
  await section.scrollIntoViewIfNeeded();
  const oldest = section.getByText(`第 1 条 ${run}`, { exact: true });
  await expect(section.getByText(`第 ${written} 条 ${run}`, { exact: true })).toBeVisible();
  await expect(oldest).toHaveCount(0);
  const count = section.getByText(/^\d+ 条评论$/);
  const before = Number((await count.textContent())!.match(/\d+/)![0]);
  await section.getByRole('button', { name: '加载更多评论' }).click();
  await expect(oldest).toBeVisible();

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('banner').getByRole('link', { name: '首页', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await writers[0].post('/api/comment/add', { type: 1, for_id: 5, content: `你不在时写的 ${run}` });
  await page.goBack();
  await expect(page).toHaveURL(/\/article\/5$/);
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByText(`你不在时写的 ${run}`, { exact: true })).toBeVisible();
  await expect(count).toHaveText(`${before + 1} 条评论`);
  // The second page is still there, without pressing for it again.
  await expect(oldest).toBeVisible();
});

test('the comments load no code until the reader scrolls near them', async ({ page }) => {
  // A long article: its end is far below the first screen.
  await page.goto('/article/33');
  await islandsHydrated(page);
  const fetched = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => /CommentSection|\/api\/comment\//.test(name)),
    );
  expect(await fetched()).toEqual([]);
  await page.getByTestId('comments').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('comments').getByRole('button', { name: '还没有评论，来抢沙发吧' })).toBeVisible();
  expect((await fetched()).length).toBeGreaterThan(0);
  const login = page.getByTestId('comments').getByRole('link', { name: '去登录' });
  await expect(login).toBeVisible();
  // Styled by the stylesheet that came with the section's code.
  await expect(login.locator('..')).toHaveCSS('text-align', 'center');
});

/** Posts from fresh writers through the API: posting is limited per user per minute. */
async function seedPosts(request: APIRequestContext, count: number) {
  let made = 0;
  for (let writer = 0; made < count; writer++) {
    const { username, password } = await createAccount(request, `写手${writer}`);
    const headers = { 'X-Requested-With': 'XMLHttpRequest', 'X-Forwarded-For': `10.89.${writer}.1` };
    const login = await request.post('/api/user/login', { headers, data: { username, password } });
    const auth = { ...headers, Authorization: `Bearer ${(await login.json()).result.token}` };
    for (let i = 0; i < MESSAGES_PER_MINUTE && made < count; i++, made++) {
      const res = await request.post('/api/message/add', { headers: auth, data: { message: `第 ${made + 1} 条留言` } });
      expect(res.ok(), await res.text()).toBe(true);
    }
  }
}

test('the message list keeps its pages and scroll position when the reader leaves and comes back', async ({
  page,
  request,
}) => {
  await seedPosts(request, 30);
  await page.goto('/message/list');
  const posts = page.getByTestId('board-post');
  await expect(posts).toHaveCount(12);
  await page.getByRole('button', { name: '加载更多' }).click();
  await expect(posts).toHaveCount(24);
  const far = posts.nth(20);
  await far.scrollIntoViewIfNeeded();
  const y = await page.evaluate(() => window.scrollY);
  expect(y).toBeGreaterThan(300);

  await far.getByRole('link', { name: /^评论/ }).click();
  await expect(page).toHaveURL(/\/message\/detail\?id=\d+$/);
  await expect(page.getByTestId('board-post')).toHaveCount(1);
  await page.goBack();
  await expect(page).toHaveURL(/\/message\/list$/);
  await expect(posts).toHaveCount(24);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);

  // Leaving by the header (scrolling up a little shows it) and coming back by it keeps the list too.
  await page.mouse.wheel(0, -120);
  const header = page.locator('#site-header');
  await expect(header).toHaveAttribute('data-visible', 'true');
  const shownAt = await page.evaluate(() => window.scrollY);
  await header.getByRole('link', { name: '说说', exact: true }).click();
  await expect(page).toHaveURL(/\/talk$/);
  await header.getByRole('link', { name: '留言', exact: true }).click();
  await expect(page).toHaveURL(/\/message\/list$/);
  await expect(posts).toHaveCount(24);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(shownAt);
});

test('a talk is liked once by a visitor, kept after a reload, and its comment count leads to its comments', async ({
  page,
}) => {
  await page.goto('/talk');
  const card = page.locator('article.talk').first();
  const like = card.getByRole('button', { name: /^点赞（\d+）$/ });
  await like.scrollIntoViewIfNeeded();
  const before = Number((await like.getAttribute('aria-label'))!.match(/\d+/)![0]);
  await like.click();
  const liked = card.getByRole('button', { name: `取消点赞（${before + 1}）` });
  await expect(liked).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await card.scrollIntoViewIfNeeded();
  await expect(liked).toHaveAttribute('aria-pressed', 'true');

  await card.getByRole('link', { name: /^评论 \d+$/ }).click();
  await expect(page).toHaveURL(/\/talk\/\d+#comments-title$/);
  await expect(page.getByTestId('comments').getByRole('link', { name: '去登录' })).toBeVisible();
});
