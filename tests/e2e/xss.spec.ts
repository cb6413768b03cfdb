/**
 * Hostile text through every field readers write: comments, message-board posts, tags and nick
 * names. Each page that shows them is opened in Chromium; not one script may run (no dialog, no
 * global flag, no CSP report, which the shared fixture fails on), and the harmless text around
 * each payload must still be there.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, islandsHydrated, loginThroughForm } from './helpers';

/** Each sets `window.__xss` (or opens a dialog) if it ever runs. */
const PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload="window.__xss=1">',
  '<svg><script>window.__xss=1</script></svg>',
  '<iframe src="javascript:top.__xss=1"></iframe>',
  '<a href="javascript:window.__xss=1">点我</a>',
  '<a href="data:text/html,<script>parent.__xss=1</script>">数据</a>',
  '<body onload=window.__xss=1>',
  '<details open ontoggle=window.__xss=1>',
  '<input autofocus onfocus=window.__xss=1>',
  '<video><source onerror=window.__xss=1></video>',
  '<audio src=x onerror=window.__xss=1>',
  '<marquee onstart=window.__xss=1>跑马灯</marquee>',
  "<style>@import 'javascript:window.__xss=1';</style>",
  '<div style="background:url(javascript:window.__xss=1)">背景</div>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
  '"><script>window.__xss=1</script>',
  "'><img src=x onerror=window.__xss=1>",
  '</textarea><script>window.__xss=1</script>',
  '</p><script>window.__xss=1</script>',
  '<scr<script>ipt>window.__xss=1</script>',
  '&lt;script&gt;window.__xss=1&lt;/script&gt;',
  '&#60;img src=x onerror=window.__xss=1&#62;',
  '<img src=x onerror=&#119;indow.__xss=1>',
  `<img src="x" onerror="eval(atob('d2luZG93Ll9feHNzPTE='))">`,
  '<object data="javascript:window.__xss=1"></object>',
  '<embed src="javascript:window.__xss=1">',
  '<form action="javascript:window.__xss=1"><button>提交</button></form>',
  '<button formaction="javascript:window.__xss=1">按钮</button>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<base href="javascript:window.__xss=1//">',
  '<link rel=import href="data:text/html,<script>parent.__xss=1</script>">',
  '<img src=x:alert(1) onerror=window.__xss=1//',
  '<img/src=x/onerror=window.__xss=1>',
  '<svg><animate onbegin=window.__xss=1 attributeName=x dur=1s>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  'javascript:window.__xss=1',
  'https://example.com/"onmouseover="window.__xss=1',
  'data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3M9MTwvc2NyaXB0Pg==',
  '<template><script>window.__xss=1</script></template>',
  '<img src=x onerror=alert(1)>',
  "{{constructor.constructor('window.__xss=1')()}}",
  '<x onclick=window.__xss=1>点我</x>',
  '%3Cscript%3Ewindow.__xss=1%3C/script%3E',
  '\\u003cscript\\u003ewindow.__xss=1\\u003c/script\\u003e',
];

/** Nick names are at most 20 characters; tags at most 10 and without angle brackets. */
const NICK_NAMES = ['<svg onload=__xss=1>', '<x onclick=__xss=1>', `'"><b>粗</b>`, '<i>斜</i>&amp;', '{{__xss=1}}'];
const TAGS = ['"onx=1', 'js:alert()', '&lt;b&gt;', '{{1+1}}', '%3Cb%3E'];

const WRITERS = 10;
const mark = (i: number) => `安全文字${i}号`;

interface Writer {
  headers: Record<string, string>;
}

/** Logs an account in through the API, from an address of its own. */
async function writer(
  request: APIRequestContext,
  { username, password }: { username: string; password: string },
  n: number,
): Promise<Writer> {
  const base = { 'X-Requested-With': 'XMLHttpRequest', 'X-Forwarded-For': `10.91.${n}.1` };
  const login = await request.post('/api/user/login', { headers: base, data: { username, password } });
  return { headers: { ...base, Authorization: `Bearer ${(await login.json()).result.token}` } };
}

async function send(request: APIRequestContext, who: Writer, path: string, data: unknown) {
  const res = await request.post(path, { headers: who.headers, data });
  expect(res.ok(), `${path}：${await res.text()}`).toBe(true);
  return (await res.json()).result;
}

/** Presses the list's 加载更多 until its bottom line says there is no more. */
async function loadAll(page: Page, items: Locator, more: string, end: string) {
  const moreButton = page.getByRole('button', { name: more, exact: true });
  const endButton = page.getByRole('button', { name: end, exact: true });
  for (;;) {
    await expect(moreButton.or(endButton)).toBeVisible();
    if (await endButton.isVisible()) return;
    const before = await items.count();
    await moreButton.click();
    await expect(items).not.toHaveCount(before);
  }
}

async function expectNothingRan(page: Page, dialogs: string[], where: string) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), where).toBeUndefined();
  expect(dialogs, where).toEqual([]);
}

test('hostile comments, posts, tags and nick names run nothing and keep their harmless text', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const victim = await createAccount(request, '被评论的人');
  const post = await send(request, await writer(request, victim, 200), '/api/message/add', { message: '欢迎来评论' });
  const writers: Writer[] = [];
  for (let n = 0; n < WRITERS; n++)
    writers.push(await writer(request, await createAccount(request, NICK_NAMES[n % NICK_NAMES.length]), n));

  for (const [i, payload] of PAYLOADS.entries()) {
    const who = writers[i % WRITERS];
    const content = `${mark(i)} ${payload}`;
    await send(request, who, '/api/comment/add', { type: 1, for_id: 4, content });
    await send(request, who, '/api/comment/add', { type: 3, for_id: post.id, content });
    await send(request, who, '/api/message/add', { message: content, tag: i < TAGS.length ? TAGS[i] : '' });
  }

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // Logins through the form from the suite's one address add up over a whole run (the per-address login budget): this one has its own.
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': '10.79.0.2' });
  await page.goto('/login');
  await loginThroughForm(page, victim.username, victim.password);
  await expect(page.getByTestId('user-menu')).toContainText('被评论的人');

  await page.goto('/article/4');
  await islandsHydrated(page);
  const comments = page.getByTestId('comments');
  await comments.scrollIntoViewIfNeeded();
  await expect(comments.getByRole('article').first()).toBeVisible();
  await loadAll(page, comments.getByRole('article'), '加载更多评论', '没有更多评论了');
  for (const i of PAYLOADS.keys()) await expect(comments.getByText(mark(i), { exact: false })).toBeVisible();
  await expect(comments.getByRole('article', { name: NICK_NAMES[0] }).first()).toBeVisible();
  await expectNothingRan(page, dialogs, '文章评论');

  await page.goto('/message/list');
  await expect(page.getByTestId('board-post').first()).toBeVisible();
  await loadAll(page, page.getByTestId('board-post'), '加载更多', '已经到底了');
  for (const i of PAYLOADS.keys())
    await expect(page.getByTestId('board-post').filter({ hasText: mark(i) })).toHaveCount(1);
  for (const tag of TAGS)
    await expect(page.getByRole('group', { name: '热门标签' }).getByRole('button', { name: `#${tag}` })).toBeVisible();
  await expectNothingRan(page, dialogs, '留言板');

  await page.goto(`/message/detail?id=${post.id}`);
  const detail = page.getByRole('region', { name: '评论' });
  await expect(detail.getByRole('article').first()).toBeVisible();
  await loadAll(page, detail.getByRole('article'), '加载更多评论', '没有更多评论了');
  for (const i of PAYLOADS.keys()) await expect(detail.getByText(mark(i), { exact: false })).toBeVisible();
  await expectNothingRan(page, dialogs, '留言详情');

  // The author is told of every comment on their post, each message built from these names and texts.
  // Back up to the header, which hides while the reader scrolls down.
  await page.mouse.wheel(0, -100_000);
  await expect(page.locator('#site-header')).toHaveAttribute('data-visible', 'true');
  await page.getByTestId('notify-bell').click();
  const drawer = page.getByRole('dialog', { name: '我的消息' });
  await expect(drawer.getByRole('listitem').first()).toBeVisible();
  await loadAll(page, drawer.getByRole('listitem'), '加载更多', '已经到底了');
  await expect(drawer.getByRole('listitem')).toHaveCount(PAYLOADS.length);
  await expect(drawer.getByText(NICK_NAMES[0], { exact: false }).first()).toBeVisible();
  await expectNothingRan(page, dialogs, '我的消息');
});
