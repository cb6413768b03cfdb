/**
 * Mail through a real SMTP server started in this process: verifying an address, resetting a
 * password, notification mail and its opt-outs; and, with mail off, the owner's one-time link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_PER_HOUR } from '../../src/contract/limits';
import type { CreatedOrder } from '../../src/contract/shop';
import { linkIn, startMailbox, type Mailbox } from '../mailbox';
import type { ApiClient } from './api';
import { secondsFromNow } from './databases';
import { bearer, freshIp, giveVerifiedAddress, newPerson, ownerLogin, startOwnedApi, type Person } from './people';
import { buy } from './shop';

const BLOCK = 92;
let mailbox: Mailbox;
let api: ApiClient;
let owner: Person;
let people = 0;
const someone = () => newPerson(api, `mailer${++people}`, BLOCK);
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

beforeAll(async () => {
  mailbox = await startMailbox();
  api = await startOwnedApi({
    SMTP_URL: mailbox.url,
    MAIL_FROM: '测试博客 <blog@example.com>',
    SITE_URL: 'https://blog.example.com',
  });
  owner = await ownerLogin(api, BLOCK);
});
afterAll(async () => {
  await api?.stop();
  await mailbox?.stop();
});

/** Gives `who` the address `email`, verified through the mailed link. */
const verifiedAddress = (who: Person, email: string) => giveVerifiedAddress(api, mailbox, who, email, BLOCK);

describe('an address', () => {
  it('is verified by the mailed link, once, on SITE_URL', async () => {
    expect((await api.call('GET', '/config')).body.result.mail_enabled).toBe(true);
    const reader = await someone();
    const email = 'Reader.One@Example.com';
    const set = await api.call('PUT', '/user/updateOwnUserInfo', { body: { email }, headers: reader.auth });
    expect(set.body.result).toMatchObject({ email, email_verified: false });
    const mail = await mailbox.waitFor(email, '验证你的邮箱');
    const link = linkIn(mail, 'verifyEmail');
    expect(link.startsWith('https://blog.example.com/verifyEmail?token=')).toBe(true);
    expect(
      (await api.call('POST', '/user/verifyEmail', { body: { token: tokenOf(link) }, ip: freshIp(BLOCK) })).status,
    ).toBe(200);
    expect((await api.call('GET', '/user/getUserInfo', { headers: reader.auth })).body.result).toMatchObject({
      email,
      email_verified: true,
    });
    const again = await api.call('POST', '/user/verifyEmail', { body: { token: tokenOf(link) }, ip: freshIp(BLOCK) });
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('已经用过');
  });

  it('refuses a malformed address, and one already verified by someone else when its link is opened', async () => {
    const [first, second] = [await someone(), await someone()];
    const bad = await api.call('PUT', '/user/updateOwnUserInfo', {
      body: { email: 'not-an-address' },
      headers: first.auth,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('邮箱格式不对');
    await verifiedAddress(first, 'shared@example.com');
    await api.call('PUT', '/user/updateOwnUserInfo', { body: { email: 'SHARED@example.com' }, headers: second.auth });
    const mail = await mailbox.waitFor('shared@example.com', '验证你的邮箱');
    const later = mailbox.received.filter((m) => m.to.includes('shared@example.com')).at(-1)!;
    expect(later).not.toBe(mail);
    const taken = await api.call('POST', '/user/verifyEmail', {
      body: { token: tokenOf(linkIn(later, 'verifyEmail')) },
      ip: freshIp(BLOCK),
    });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe('这个邮箱已经绑定了其他账号');
  });
});

describe('a password reset', () => {
  it('answers the same for any address, mails only a verified one, works once, and ends every session', async () => {
    const reader = await someone();
    await verifiedAddress(reader, 'forgetful@example.com');
    const unverified = await someone();
    await api.call('PUT', '/user/updateOwnUserInfo', { body: { email: 'half@example.com' }, headers: unverified.auth });

    const answers = [];
    for (const email of ['forgetful@example.com', 'nobody@example.com', 'half@example.com']) {
      answers.push((await api.call('POST', '/user/forgotPassword', { body: { email }, ip: freshIp(BLOCK) })).body);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    const mail = await mailbox.waitFor('forgetful@example.com', '重置密码');
    expect(mail.text).toContain('30 分钟');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      mailbox.received.filter((m) => m.subject.includes('重置密码') && !m.to.includes('forgetful@example.com')),
    ).toHaveLength(0);

    const token = tokenOf(linkIn(mail, 'resetPassword'));
    const weak = await api.call('POST', '/user/resetPassword', {
      body: { token, password: 'short' },
      ip: freshIp(BLOCK),
    });
    expect(weak.status).toBe(400);
    expect(
      (
        await api.call('POST', '/user/resetPassword', {
          body: { token, password: 'brand-new-pass-1' },
          ip: freshIp(BLOCK),
        })
      ).status,
    ).toBe(200);
    // Every session ended: the old token no longer works.
    expect((await api.call('GET', '/user/getUserInfo', { headers: reader.auth })).status).toBe(401);
    const login = await api.call('POST', '/user/login', {
      body: { username: reader.username, password: 'brand-new-pass-1' },
      ip: freshIp(BLOCK),
    });
    expect(login.status).toBe(200);
    const reused = await api.call('POST', '/user/resetPassword', {
      body: { token, password: 'another-pass-22' },
      ip: freshIp(BLOCK),
    });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toContain('重新申请');
  });

  it('refuses a wrong, a malformed and an expired token in Chinese', async () => {
    const reader = await someone();
    await verifiedAddress(reader, 'late@example.com');
    await api.call('POST', '/user/forgotPassword', { body: { email: 'late@example.com' }, ip: freshIp(BLOCK) });
    const token = tokenOf(linkIn(await mailbox.waitFor('late@example.com', '重置密码'), 'resetPassword'));
    await api.sql("UPDATE account_tokens SET expires_at = ? WHERE purpose = 'reset' AND user_id = ?", [
      secondsFromNow(-1),
      reader.id,
    ]);
    for (const [candidate, status] of [
      [token, 400],
      ['A'.repeat(43), 400],
      ['../../etc', 400],
      [42, 400],
    ] as const) {
      const res = await api.call('POST', '/user/resetPassword', {
        body: { token: candidate, password: 'brand-new-pass-1' },
        ip: freshIp(BLOCK),
      });
      expect(res.status, String(candidate)).toBe(status);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it(`is asked for at most ${FORGOT_PASSWORD_PER_HOUR} times an hour from one address`, async () => {
    const ip = freshIp(BLOCK);
    for (let i = 0; i < FORGOT_PASSWORD_PER_HOUR; i++)
      expect(
        (await api.call('POST', '/user/forgotPassword', { body: { email: `x${i}@example.com` }, ip })).status,
      ).toBe(200);
    const refused = await api.call('POST', '/user/forgotPassword', { body: { email: 'x@example.com' }, ip });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toContain('一小时');
  });
});

describe('notification mail', () => {
  it('mails a reply to my comment, unless I turn it off', async () => {
    const [writer, replier] = [await someone(), await someone()];
    await verifiedAddress(writer, 'writer@example.com');
    const comment = async (path: string, body: object, who: Person) =>
      api.call('POST', `/comment/${path}`, { body, headers: who.auth, ip: freshIp(BLOCK) });
    const root = (await comment('add', { type: 1, for_id: 1, content: '写得真好' }, writer)).body.result;
    const reply = (content: string) =>
      comment('apply', { type: 1, for_id: 1, parent_id: root.id, to_id: writer.id, content }, replier);
    expect((await reply('同意楼上')).status).toBe(200);
    const mail = await mailbox.waitFor('writer@example.com', '有人回复了你的评论');
    expect(mail.text).toContain('同意楼上');
    expect(mail.text).toContain('https://blog.example.com/article/1');

    await api.call('PUT', '/user/updateOwnUserInfo', { body: { mail_on_reply: false }, headers: writer.auth });
    const before = mailbox.received.length;
    expect((await reply('再回复一次')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailbox.received.slice(before).filter((m) => m.to.includes('writer@example.com'))).toHaveLength(0);
  });

  it('mails the owner each new order and each 我已付款', async () => {
    await verifiedAddress(owner, 'owner@example.com');
    const buyer = await someone();
    const order = (await buy(api, buyer)).body.result as CreatedOrder;
    const placed = await mailbox.waitFor('owner@example.com', '订单有了新动态');
    expect(placed.text).toContain('新订单');
    expect(placed.text).toContain(order.order_no);
    await api.call('PUT', `/shop/order/${order.order_no}/paid`, { headers: buyer.auth });
    for (
      let i = 0;
      i < 100 && !mailbox.received.some((m) => m.to.includes('owner@example.com') && m.text.includes('已经付款'));
      i++
    )
      await new Promise((resolve) => setTimeout(resolve, 50));
    const paid = mailbox.received.find((m) => m.to.includes('owner@example.com') && m.text.includes('已经付款'))!;
    expect(paid.subject).toContain('订单有了新动态');
    expect(paid.text).toContain('https://blog.example.com/admin/orders');
  });
});

describe('with mail off', () => {
  let quiet: ApiClient;
  beforeAll(async () => {
    quiet = await startOwnedApi();
  });
  afterAll(() => quiet?.stop());

  it('says an address cannot be added, and the owner’s one-time link resets a password and ends the sessions', async () => {
    expect((await quiet.call('GET', '/config')).body.result.mail_enabled).toBe(false);
    const reader = await newPerson(quiet, 'nomail1', BLOCK);
    const refused = await quiet.call('PUT', '/user/updateOwnUserInfo', {
      body: { email: 'a@example.com' },
      headers: reader.auth,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('没有开启邮件');
    expect(
      (await quiet.call('POST', '/user/forgotPassword', { body: { email: 'a@example.com' }, ip: freshIp(BLOCK) }))
        .status,
    ).toBe(200);

    expect((await quiet.call('POST', `/admin/users/${reader.id}/resetLink`, { headers: reader.auth })).status).toBe(
      403,
    );
    expect((await quiet.call('POST', `/admin/users/${reader.id}/resetLink`)).status).toBe(401);
    const boss = await ownerLogin(quiet, BLOCK);
    const made = await quiet.call('POST', `/admin/users/${reader.id}/resetLink`, { headers: boss.auth });
    expect(made.status).toBe(200);
    expect(made.body.result.url).toMatch(/\/resetPassword\?token=[A-Za-z0-9_-]{40,}$/);
    expect(Date.parse(made.body.result.expires_at)).toBeGreaterThan(Date.now());
    const reset = await quiet.call('POST', '/user/resetPassword', {
      body: { token: tokenOf(made.body.result.url), password: 'handed-over-pass' },
      ip: freshIp(BLOCK),
    });
    expect(reset.status).toBe(200);
    expect((await quiet.call('GET', '/user/getUserInfo', { headers: reader.auth })).status).toBe(401);
    const login = await quiet.call('POST', '/user/login', {
      body: { username: 'nomail1', password: 'handed-over-pass' },
      ip: freshIp(BLOCK),
    });
    expect(login.status).toBe(200);
    expect(
      (await quiet.call('GET', '/user/getUserInfo', { headers: bearer(login.body.result.token) })).body.result
        .email_verified,
    ).toBe(false);
  });

  it('ends, with a password change, the reset links made before it', async () => {
    const reader = await newPerson(quiet, 'nomail2', BLOCK);
    const boss = await ownerLogin(quiet, BLOCK);
    const made = await quiet.call('POST', `/admin/users/${reader.id}/resetLink`, { headers: boss.auth });
    expect(made.status).toBe(200);
    const changed = await quiet.call('PUT', '/user/updatePassword', {
      headers: reader.auth,
      ip: freshIp(BLOCK),
      body: { password: 'password123', password1: 'changed-pass-1', password2: 'changed-pass-1' },
    });
    expect(changed.status).toBe(200);
    const stale = await quiet.call('POST', '/user/resetPassword', {
      body: { token: tokenOf(made.body.result.url), password: 'taken-over-pass' },
      ip: freshIp(BLOCK),
    });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toContain('重新申请');
    expect(
      (
        await quiet.call('POST', '/user/login', {
          body: { username: 'nomail2', password: 'changed-pass-1' },
          ip: freshIp(BLOCK),
        })
      ).status,
    ).toBe(200);
  });

  it('forgets, with a reset, the places that logged in with the old password', async () => {
    const reader = await newPerson(quiet, 'nomail3', BLOCK);
    // Someone who knew the old password logged in from here.
    const before = freshIp(BLOCK);
    expect(
      (await quiet.call('POST', '/user/login', { body: { username: 'nomail3', password: 'password123' }, ip: before }))
        .status,
    ).toBe(200);
    const boss = await ownerLogin(quiet, BLOCK);
    const made = await quiet.call('POST', `/admin/users/${reader.id}/resetLink`, { headers: boss.auth });
    const reset = await quiet.call('POST', '/user/resetPassword', {
      body: { token: tokenOf(made.body.result.url), password: 'after-reset-1' },
      ip: freshIp(BLOCK),
    });
    expect(reset.status).toBe(200);
    expect(await quiet.sql('SELECT place FROM known_logins WHERE user_id = ?', [reader.id])).toHaveLength(0);
    // Wrong passwords from many addresses slow the username down everywhere but at known places.
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await quiet.call('POST', '/user/login', {
            body: { username: 'nomail3', password: 'guess-guess' },
            ip: freshIp(BLOCK),
          })
        ).status,
      ).toBe(400);
    }
    expect(
      (
        await quiet.call('POST', '/user/login', {
          body: { username: 'nomail3', password: 'after-reset-1' },
          ip: before,
        })
      ).status,
    ).toBe(429);
  });
});
