import { expect, test } from './fixtures';
import { jpegWithExif, makePng } from '../fixtures/images';
import { createAccount, islandsHydrated, loginThroughForm } from './helpers';

const userMenu = (page: import('@playwright/test').Page) => page.getByTestId('user-menu');

test('register, land logged in with the nick name in the header, and stay logged in after a reload', async ({
  page,
}) => {
  await page.goto('/register');
  const username = `reader${Date.now().toString(36)}`;
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill('password123');
  await page.getByLabel('确认密码').fill('password124');
  await page.getByLabel('昵称（选填）').fill('新来的读者');
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
  await expect(page.getByLabel('用户名')).toHaveValue(username);

  await page.getByLabel('确认密码').fill('password123');
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(userMenu(page)).toContainText('新来的读者');

  await page.reload();
  await expect(userMenu(page)).toContainText('新来的读者');
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).not.toContain('新来的读者');
});

test('a registration whose login then fails says the account is made, and the next press logs in', async ({
  page,
  problems,
}) => {
  problems.allow(/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
  await page.goto('/register');
  await islandsHydrated(page);
  const username = `halfway${Date.now().toString(36)}`;
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill('password123');
  await page.getByLabel('确认密码').fill('password123');
  await page.route('**/api/user/login', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('账号已经注册好了，但没能登录');
  await page.unroute('**/api/user/login');
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(userMenu(page)).toBeVisible();
});

test('login errors keep the input and say what is wrong', async ({ page, request }) => {
  const { username } = await createAccount(request);
  await page.goto('/login');
  await loginThroughForm(page, username, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('用户名或密码错误');
  await expect(page.getByLabel('用户名')).toHaveValue(username);
  await expect(page).toHaveURL(/\/login$/);
});

test('after login the reader returns to the page where they pressed login', async ({ page, request }) => {
  const { username, password, nickName } = await createAccount(request, '回来的读者');
  await page.goto('/archives');
  await islandsHydrated(page);
  await page.locator('#site-header').getByRole('link', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await loginThroughForm(page, username, password);
  await expect(page).toHaveURL(/\/archives$/);
  await expect(userMenu(page)).toContainText(nickName);
});

test.describe('logged in', () => {
  test.beforeEach(async ({ page, request }) => {
    const { username, password } = await createAccount(request, '原来的昵称');
    await page.goto('/login');
    await loginThroughForm(page, username, password);
    await expect(userMenu(page)).toBeVisible();
  });

  test('the login screen sends a logged-in reader home with a notice', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/home$/);
    const notice = page.getByRole('status').locator('div', { hasText: '提示' });
    await expect(notice).toContainText('请先退出登录');
  });

  test('the user centre changes the nick name and the avatar', async ({ page }) => {
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: '个人中心' }).click();
    await expect(page).toHaveURL(/\/userCenter$/);

    const nick = page.getByLabel('昵称', { exact: true });
    await expect(nick).toHaveValue('原来的昵称');
    await nick.fill('改过的昵称');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByRole('status')).toContainText('保存成功');
    await expect(userMenu(page)).toContainText('改过的昵称');

    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(128, 128) });
    await expect(page.getByRole('status')).toContainText('头像已更新');
    // Re-encoded in the browser: a PNG goes up as WebP.
    await expect(page.getByTestId('profile-avatar')).toHaveAttribute(
      'src',
      /^(https?:\/\/[^/]+)?\/uploads\/[a-f0-9]{32}\.webp$/,
    );
    const src = await page.getByTestId('profile-avatar').getAttribute('src');
    await expect(userMenu(page).locator('img')).toHaveAttribute('src', src!);

    await page.reload();
    await expect(page.getByLabel('昵称', { exact: true })).toHaveValue('改过的昵称');
    await expect(page.getByTestId('profile-avatar')).toHaveAttribute('src', src!);
  });

  test('a photo is re-encoded before upload, so its EXIF location never leaves the browser', async ({ page }) => {
    await page.goto('/userCenter');
    await expect(page.getByLabel('昵称', { exact: true })).toBeVisible();
    const plain = Buffer.from(
      await page.evaluate(async () => {
        const canvas = Object.assign(document.createElement('canvas'), { width: 96, height: 64 });
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#3a7';
        context.fillRect(0, 0, 96, 64);
        const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.9));
        return [...new Uint8Array(await blob.arrayBuffer())];
      }),
    );
    const secret = 'GPS 31.2304N 121.4737E at home';
    const photo = jpegWithExif(plain, secret);
    expect(photo.includes('Exif')).toBe(true);

    const avatar = page.getByTestId('profile-avatar');
    const before = await avatar.getAttribute('src');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(avatar).not.toHaveAttribute('src', before ?? '');
    await expect(avatar).toHaveAttribute('src', /^(https?:\/\/[^/]+)?\/uploads\/[a-f0-9]{32}\.jpg$/);
    const uploaded = Buffer.from(await (await page.request.get((await avatar.getAttribute('src'))!)).body());
    expect(uploaded.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(uploaded.includes('Exif')).toBe(false);
    expect(uploaded.includes(secret)).toBe(false);
  });

  test('logging out in the user centre says so and goes home', async ({ page }) => {
    await page.goto('/userCenter');
    // The centre's own loads are done: one still on its way after the logout would come back 401.
    await expect(page.getByText('还没有订单，购买激活码后会显示在这里。')).toBeVisible();
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page.getByRole('status')).toContainText('退出登录成功');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator('#site-header').getByRole('link', { name: '登录' })).toBeVisible();
  });

  test('on a phone, the drawer logs out, and then offers to log in', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/archives');
    await islandsHydrated(page);
    const opener = page.getByRole('button', { name: '打开导航菜单' });
    await opener.click();
    const drawer = page.getByRole('dialog', { name: '导航' });
    await expect(drawer.getByRole('link', { name: /^个人中心（原来的昵称）$/ })).toBeVisible();
    await expect(drawer.getByRole('link', { name: '管理后台' })).toHaveCount(0);
    await drawer.getByRole('button', { name: '退出登录' }).click();
    await expect(page.getByRole('status')).toContainText('退出登录成功');
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/archives$/);
    await opener.click();
    await expect(drawer.getByRole('link', { name: /^去登录/ })).toBeVisible();
    await expect(drawer.getByRole('button', { name: '退出登录' })).toHaveCount(0);
  });

  test('logging out elsewhere stays on the page', async ({ page }) => {
    await page.goto('/archives');
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page.getByRole('status')).toContainText('退出登录成功');
    await expect(page).toHaveURL(/\/archives$/);
  });

  test('a logout the server never hears of keeps the reader logged in, and says so', async ({ page, problems }) => {
    problems.allow(/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
    await page.goto('/archives');
    await page.route('**/api/user/logout', (route) => route.abort('internetdisconnected'));
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page.getByText('网络连接失败，请检查网络')).toBeVisible();
    await expect(page.getByText('退出登录成功')).toHaveCount(0);
    // The session is still alive, so this browser is still logged in, here and after a reload.
    await expect(userMenu(page)).toBeVisible();
    await page.unroute('**/api/user/logout');
    await page.reload();
    await expect(userMenu(page)).toBeVisible();
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page.getByRole('status')).toContainText('退出登录成功');
  });

  test('a 401 from any call clears the login and goes to the login screen', async ({ page }) => {
    await page.goto('/userCenter');
    await expect(page.getByLabel('昵称', { exact: true })).toBeVisible();
    // The centre's own loads (orders) are done, so the 401 comes from the save below.
    await expect(page.getByText('还没有订单，购买激活码后会显示在这里。')).toBeVisible();
    // The session ends on the server (say, a password change elsewhere).
    await page.evaluate(() =>
      fetch('/api/user/logout', {
        method: 'POST',
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
        credentials: 'include',
      }),
    );
    await page.getByLabel('昵称', { exact: true }).fill('再改一次');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status')).toContainText('错误提示');
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
  });
});

test('an anonymous reader is sent from the user centre to login, and back after', async ({ page, request }) => {
  const { username, password } = await createAccount(request);
  await page.goto('/userCenter');
  await expect(page).toHaveURL(/\/login$/);
  await loginThroughForm(page, username, password);
  await expect(page).toHaveURL(/\/userCenter$/);
});
