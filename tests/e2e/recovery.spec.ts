/**
 * A reader who forgets a password: the address is verified from the user centre by a mailed link,
 * then 忘记密码 mails a reset link (through the suite's own SMTP server), which sets a new password.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, loginThroughForm } from './helpers';
import { mailTo } from './mail';

const linkIn = (text: string, page: string) =>
  new URL(new RegExp(`https?://\\S+/${page}\\?token=[A-Za-z0-9_-]+`).exec(text)![0]);

/** Logs `reader` in through the form, gives the user centre `email`, and opens the link mailed to it; answers the 邮箱与通知 region. */
async function verifiedInUserCenter(
  page: Page,
  reader: { username: string; password: string; nickName: string },
  email: string,
) {
  await page.goto('/login');
  await loginThroughForm(page, reader.username, reader.password);
  await expect(page.getByTestId('user-menu')).toContainText(reader.nickName);
  await page.goto('/userCenter');
  const mail = page.getByRole('region', { name: '邮箱与通知' });
  await mail.getByLabel('邮箱').fill(email);
  await mail.getByRole('button', { name: '保存并发送验证邮件' }).click();
  await expect(mail.getByTestId('email-status')).toContainText('还没有验证');
  const verify = linkIn((await mailTo(email, '验证你的邮箱')).text, 'verifyEmail');
  await page.goto(verify.pathname + verify.search);
  await expect(page.getByRole('main').getByRole('status')).toContainText('邮箱验证成功');
  return mail;
}

test('a reader verifies an address, forgets the password, and sets a new one from the mailed link', async ({
  page,
  request,
}) => {
  const reader = await createAccount(request, '健忘的读者');
  const email = `${reader.username}@example.com`;
  const mail = await verifiedInUserCenter(page, reader, email);
  await page.goto('/userCenter');
  await expect(mail.getByTestId('email-status')).toContainText('已验证');
  await expect(mail.getByRole('checkbox', { name: '有人回复我的评论' })).toBeChecked();

  // Forgotten: from the login screen, by the address.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByRole('link', { name: '忘记密码？' }).click();
  await expect(page).toHaveURL(/\/forgotPassword$/);
  await page.getByLabel('邮箱').fill(email);
  await page.getByRole('button', { name: '发送重置链接' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('30 分钟内有效');
  const reset = linkIn((await mailTo(email, '重置密码')).text, 'resetPassword');

  await page.goto(reset.pathname + reset.search);
  await page.getByLabel('新密码', { exact: true }).fill('short');
  await page.getByLabel('确认新密码').fill('short');
  await page.getByRole('button', { name: '设置新密码' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('新密码');
  await page.getByLabel('新密码', { exact: true }).fill('a-brand-new-pass');
  await page.getByLabel('确认新密码').fill('a-brand-new-pass');
  await page.getByRole('button', { name: '设置新密码' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('密码已经改好了');
  await page.getByRole('link', { name: '去登录' }).click();
  await loginThroughForm(page, reader.username, reader.password);
  await expect(page.getByRole('main').getByRole('alert')).toContainText('用户名或密码错误');
  await loginThroughForm(page, reader.username, 'a-brand-new-pass');
  await expect(page.getByTestId('user-menu')).toContainText('健忘的读者');

  // The link works once.
  await page.goto(reset.pathname + reset.search);
  await page.getByLabel('新密码', { exact: true }).fill('yet-another-pass');
  await page.getByLabel('确认新密码').fill('yet-another-pass');
  await page.getByRole('button', { name: '设置新密码' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('已经用过');
});

test('a verified address is replaced only with the password, and the old address puts itself back from its mail', async ({
  page,
  request,
}) => {
  // A wrong password counts against the address too (like a failed login): this one has its own.
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': '10.79.0.1' });
  const reader = await createAccount(request, '换邮箱的读者');
  const [first, second] = [`${reader.username}@example.com`, `${reader.username}.new@example.com`];
  const mail = await verifiedInUserCenter(page, reader, first);

  await page.goto('/userCenter');
  await expect(mail.getByTestId('email-status')).toContainText('已验证');
  await expect(mail.getByLabel('当前密码')).toHaveCount(0);
  await mail.getByLabel('邮箱').fill(second);
  // Typing another address asks for the password, and says why.
  await expect(mail.getByTestId('email-status')).toContainText('需要输入当前密码');
  await mail.getByLabel('当前密码').fill('not-my-password');
  await mail.getByRole('button', { name: '保存并发送验证邮件' }).click();
  await expect(mail.getByTestId('email-status')).toContainText('原密码不正确');
  await mail.getByLabel('当前密码').fill(reader.password);
  await mail.getByRole('button', { name: '保存并发送验证邮件' }).click();
  await expect(mail.getByTestId('email-status')).toContainText(`${second} 还没有验证`);

  const undo = linkIn((await mailTo(first, '你的账号换了邮箱')).text, 'undoEmailChange');
  await page.goto(undo.pathname + undo.search);
  await expect(page.getByRole('main').getByRole('status')).toContainText('已经换回原来的邮箱');
  // Every session ended, this one too.
  await page.goto('/userCenter');
  await expect(page).toHaveURL(/\/login/);
});
