/** Comments without an account: the owner opens them, a guest's comment waits for approval, and everyone sees it once approved. */
import type { Browser, BrowserContext } from '@playwright/test';
import { expect, test, watchContext, type PageProblems } from './fixtures';
import { islandsHydrated, loginThroughForm } from './helpers';
import { ownerBrowser, type Owner } from './owner';

const ARTICLE = '/article/7';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
let visitors = 0;

/** A browser without an account, from an address of its own. */
async function visitor(browser: Browser, problems: PageProblems, baseURL: string): Promise<BrowserContext> {
  const n = ++visitors;
  const context = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    extraHTTPHeaders: { 'X-Forwarded-For': `10.76.${n >> 8}.${n & 255}` },
  });
  await watchContext(context, problems, new URL(baseURL).origin);
  return context;
}

let owner: Owner | null = null;

// Guests are off by default: whatever happens here, the next test finds them off again.
test.afterEach(async () => {
  if (!owner) return;
  await owner.context.request.put('/api/admin/commentRules', {
    headers: XHR,
    data: { guests: false, hold: 'guests', hold_words: [], refuse_words: [] },
  });
  await owner.context.close();
  owner = null;
});

test('a guest’s comment waits for the owner, shows only to its writer, and is out for everyone once approved', async ({
  browser,
  problems,
  baseURL,
}) => {
  owner = await ownerBrowser(browser, problems, baseURL!);
  const admin = owner.page;

  // The owner lets guests comment, holding theirs for approval.
  await admin.goto('/admin/moderation');
  await admin.getByRole('tab', { name: '评论规则' }).click();
  const rules = admin.getByRole('form', { name: '评论规则' });
  await rules.getByRole('checkbox', { name: /允许访客不登录评论/ }).check();
  await rules.getByRole('radio', { name: '只审核访客的评论' }).check();
  await rules.getByRole('button', { name: '保存规则' }).click();
  await expect(admin.getByRole('status').getByText('评论规则已保存')).toBeVisible();

  // A guest writes one, giving a name, an address for replies and a site.
  const guest = await (await visitor(browser, problems, baseURL!)).newPage();
  await guest.goto(ARTICLE);
  await islandsHydrated(guest);
  const section = guest.getByTestId('comments');
  await section.scrollIntoViewIfNeeded();
  await section.getByRole('textbox', { name: '昵称（必填）' }).fill('路过的小猫');
  await section.getByRole('textbox', { name: /邮箱/ }).fill('kitten@example.com');
  await section.getByRole('textbox', { name: '网址（选填）' }).fill('https://kitten.example.com');
  const box = section.getByRole('textbox', { name: '说点什么吧…' });
  // Without a comment there is nothing to send; a blank nickname is caught before the server.
  await box.fill('访客的留言，请站长过目');
  await section.getByRole('textbox', { name: '昵称（必填）' }).fill('  ');
  await section.getByRole('button', { name: '发表' }).click();
  await expect(section.getByRole('alert')).toHaveText('请填写昵称');
  await expect(box).toHaveValue('访客的留言，请站长过目');
  await section.getByRole('textbox', { name: '昵称（必填）' }).fill('路过的小猫');
  await section.getByRole('button', { name: '发表' }).click();
  await expect(guest.getByRole('status').getByText('评论已提交，站长审核后其他人就能看到')).toBeVisible();
  const mine = section.getByRole('article', { name: '路过的小猫' });
  await expect(mine).toContainText('待审核');
  await expect(mine).toContainText('访客');
  await expect(box).toHaveValue('');

  // The writer's browser still sees it after a reload, and remembers who they are.
  await guest.reload();
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('article', { name: '路过的小猫' })).toContainText('待审核');
  await expect(section.getByRole('textbox', { name: '昵称（必填）' })).toHaveValue('路过的小猫');

  // Another reader does not.
  const stranger = await (await visitor(browser, problems, baseURL!)).newPage();
  await stranger.goto(ARTICLE);
  const theirs = stranger.getByTestId('comments');
  await theirs.scrollIntoViewIfNeeded();
  await expect(theirs.getByRole('textbox', { name: '说点什么吧…' })).toBeVisible();
  await expect(theirs.getByRole('article', { name: '路过的小猫' })).toHaveCount(0);

  // The owner hears of it, follows the notice to the queue, and approves it.
  await admin.goto('/login');
  await loginThroughForm(admin, owner.username, owner.password);
  await expect(admin.getByTestId('notify-badge')).toHaveText(/\d/);
  await admin.getByTestId('notify-bell').click();
  const notice = admin
    .getByRole('dialog', { name: '我的消息' })
    .getByRole('listitem')
    .filter({ hasText: '等待审核' })
    .first();
  await expect(notice).toContainText('路过的小猫');
  await notice.getByRole('button', { name: '查看' }).click();
  await expect(admin).toHaveURL(/\/admin\/moderation$/);
  await admin.getByRole('group', { name: '按状态筛选' }).getByRole('button', { name: '待审核' }).click();
  const row = admin.getByTestId('moderation-comment').filter({ hasText: '访客的留言，请站长过目' });
  await expect(row).toContainText('kitten@example.com');
  await row.getByRole('checkbox').check();
  await admin.getByRole('button', { name: '批量通过' }).click();
  await expect(admin.getByRole('status').getByText('已通过 1 条评论')).toBeVisible();
  await expect(row).toHaveCount(0);

  // Now every reader sees it, with the guest's name leading to their site.
  await stranger.reload();
  await theirs.scrollIntoViewIfNeeded();
  const out = theirs.getByRole('article', { name: '路过的小猫' });
  await expect(out).toContainText('访客的留言，请站长过目');
  await expect(out).not.toContainText('待审核');
  await expect(out.getByRole('link', { name: '路过的小猫' })).toHaveAttribute('href', 'https://kitten.example.com');
  await expect(out.getByRole('link', { name: '路过的小猫' })).toHaveAttribute('rel', /nofollow/);
});
