/**
 * Mail goes only where it was asked for, against the production server and a real SMTP server: a
 * guest's address gets replies only once it is confirmed, one address gets only so many mails a
 * day whoever acts, and no subject carries words a reader wrote. A verified address is replaced
 * only with the password; the old one is told, and its link puts it back and ends every session.
 * And forgotPassword answers a known address as fast as an unknown one.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASKING_MAILS_PER_ADDRESS_PER_DAY } from '../../src/contract/limits';
import type { ContentIndex } from '../../src/lib/node/contentIndex';
import { site } from '../../src/site.config';
import { slowDisk } from '../../bench/lib/slowDisk';
import { linkIn, startMailbox, type Mailbox, type ReceivedMail } from '../mailbox';
import type { ApiClient } from './api';
import { freshIp, giveVerifiedAddress, newPerson, ownerLogin, startOwnedApi, type Person } from './people';

const BLOCK = 95;
const index: ContentIndex = JSON.parse(readFileSync('dist/server/content/index.json', 'utf8'));
const articleId = index.articles[0].id;

let mailbox: Mailbox;
let api: ApiClient;
let people = 0;
const someone = () => newPerson(api, `consent${++people}`, BLOCK);
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const mailsTo = (address: string) => mailbox.received.filter((mail) => mail.to.includes(address));
/** Long enough for a mail the server would send to have arrived. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

beforeAll(async () => {
  mailbox = await startMailbox();
  api = await startOwnedApi({
    SMTP_URL: mailbox.url,
    MAIL_FROM: 'blog@example.com',
    SITE_URL: 'https://blog.example.com',
  });
  const owner = await ownerLogin(api, BLOCK);
  const rules = await api.call('PUT', '/admin/commentRules', {
    body: { guests: true, hold: 'none', hold_words: [], refuse_words: [] },
    headers: owner.auth,
  });
  expect(rules.status, rules.body.message).toBe(200);
});
afterAll(async () => {
  await api?.stop();
  await mailbox?.stop();
});

const guestComment = (nickName: string, email: string, content: string) =>
  api.call('POST', '/comment/add', {
    body: { type: 1, for_id: articleId, content, nick_name: nickName, email },
    ip: freshIp(BLOCK),
  });
const replyToGuest = (who: Person, rootId: number, content: string) =>
  api.call('POST', '/comment/apply', {
    body: { type: 1, for_id: articleId, parent_id: rootId, to_id: 0, content },
    headers: who.auth,
    ip: freshIp(BLOCK),
  });

const verifiedAddress = (who: Person, email: string) => giveVerifiedAddress(api, mailbox, who, email, BLOCK);

describe('a guest address someone else typed', () => {
  it('is asked once whether it is theirs, and gets nothing else: no replies, however many comments and replies', async () => {
    const victim = 'victim@example.com';
    const roots = [];
    for (const [i, nick] of ['冒名的访客', '又一个访客', '第三个访客'].entries()) {
      const root = await guestComment(nick, victim, `留下别人的邮箱 ${i}`);
      expect(root.status, root.body.message).toBe(200);
      roots.push(root.body.result.id as number);
    }
    const repliers = [await someone(), await someone(), await someone()];
    for (const [i, replier] of repliers.entries())
      expect((await replyToGuest(replier, roots[i], '回复里有一个链接 https://spam.example.com')).status).toBe(200);
    await settle();
    const got = mailsTo(victim);
    expect(got.map((mail) => mail.subject)).toEqual([`【${site.title}】确认接收评论回复提醒`]);
    expect(got[0].text).not.toContain('spam.example.com');
  });

  it('once confirmed by its link, gets the replies to every comment left with it', async () => {
    const guest = 'guest.owner@example.com';
    const root = (await guestComment('真的访客', 'Guest.Owner@Example.com', '我自己的邮箱')).body.result.id;
    const asking = await mailbox.waitFor(guest, '确认接收评论回复提醒');
    const confirm = (token: string) =>
      api.call('POST', '/comment/confirmEmail', { body: { token }, ip: freshIp(BLOCK) });
    expect((await confirm(tokenOf(linkIn(asking, 'confirmGuestEmail')))).status).toBe(200);
    const again = await confirm(tokenOf(linkIn(asking, 'confirmGuestEmail')));
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('已经用过');
    expect((await replyToGuest(await someone(), root, '欢迎再来')).status).toBe(200);
    const reply = await mailbox.waitFor(guest, '你的评论有了新回复');
    expect(reply.text).toContain('欢迎再来');
    // A later comment with the confirmed address asks nothing more.
    await guestComment('真的访客', guest, '又来了');
    await settle();
    expect(mailsTo(guest).filter((mail) => mail.subject.includes('确认'))).toHaveLength(1);
  });
});

describe('one address', () => {
  it(`is asked whether it is someone's at most ${ASKING_MAILS_PER_ADDRESS_PER_DAY} times a day, whoever asks`, async () => {
    const target = 'asked.often@example.com';
    const answers = [];
    for (let i = 0; i < ASKING_MAILS_PER_ADDRESS_PER_DAY + 2; i++) {
      const asker = await someone();
      answers.push(await api.call('PUT', '/user/updateOwnUserInfo', { body: { email: target }, headers: asker.auth }));
    }
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array(ASKING_MAILS_PER_ADDRESS_PER_DAY).fill(200),
      429,
      429,
    ]);
    expect(answers.at(-1)!.body.message).toBe('这个邮箱今天已经收到太多本站的邮件，请明天再试');
    await settle();
    expect(mailsTo(target)).toHaveLength(ASKING_MAILS_PER_ADDRESS_PER_DAY);
  });

  it('never sees words a reader wrote in a subject', () => {
    const readerWords = /访客|留下|回复里|欢迎|consent\d/;
    const subjects = mailbox.received.map((mail: ReceivedMail) => mail.subject);
    expect(subjects.length).toBeGreaterThan(0);
    for (const subject of subjects) expect(subject).not.toMatch(readerWords);
  });
});

describe('replacing a verified address', () => {
  it('takes the password, tells the old address, and its link puts it back and ends every session and link', async () => {
    const owner = await someone();
    await verifiedAddress(owner, 'first.owner@example.com');
    const change = (body: Record<string, string>) =>
      api.call('PUT', '/user/updateOwnUserInfo', { body, headers: owner.auth });

    // A stolen session alone cannot move the account's recovery elsewhere.
    const without = await change({ email: 'thief@example.com' });
    expect(without.status).toBe(400);
    expect(without.body.result.fields).toEqual(['password']);
    const wrong = await change({ email: 'thief@example.com', password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('原密码不正确');
    expect((await change({ email: '', password: 'not-the-password' })).status).toBe(400);
    expect((await api.call('GET', '/user/getUserInfo', { headers: owner.auth })).body.result).toMatchObject({
      email: 'first.owner@example.com',
      email_verified: true,
    });

    // With the password (stolen too), it moves, and the old address hears of it.
    expect((await change({ email: 'thief@example.com', password: 'password123' })).status).toBe(200);
    const told = await mailbox.waitFor('first.owner@example.com', '你的账号换了邮箱');
    expect(told.text).toContain('thief@example.com');
    const verify = await mailbox.waitFor('thief@example.com', '验证你的邮箱');
    expect(
      (
        await api.call('POST', '/user/verifyEmail', {
          body: { token: tokenOf(linkIn(verify, 'verifyEmail')) },
          ip: freshIp(BLOCK),
        })
      ).status,
    ).toBe(200);
    expect(
      (await api.call('POST', '/user/forgotPassword', { body: { email: 'thief@example.com' }, ip: freshIp(BLOCK) }))
        .status,
    ).toBe(200);
    const reset = await mailbox.waitFor('thief@example.com', '重置密码');

    const undo = (token: string) => api.call('POST', '/user/undoEmailChange', { body: { token }, ip: freshIp(BLOCK) });
    const undone = await undo(tokenOf(linkIn(told, 'undoEmailChange')));
    expect(undone.status, undone.body.message).toBe(200);
    expect((await api.call('GET', '/user/getUserInfo', { headers: owner.auth })).status).toBe(401);
    const resetTried = await api.call('POST', '/user/resetPassword', {
      body: { token: tokenOf(linkIn(reset, 'resetPassword')), password: 'thief-password-1' },
      ip: freshIp(BLOCK),
    });
    expect(resetTried.status).toBe(400);
    const back = await api.call('POST', '/user/login', {
      body: { username: owner.username, password: 'password123' },
      ip: freshIp(BLOCK),
    });
    expect(back.status).toBe(200);
    const auth = { Authorization: `Bearer ${back.body.result.token}` };
    expect((await api.call('GET', '/user/getUserInfo', { headers: auth })).body.result).toMatchObject({
      email: 'first.owner@example.com',
      email_verified: true,
    });
    expect((await undo(tokenOf(linkIn(told, 'undoEmailChange')))).status).toBe(400);
  });

  it('offers the way back for 7 days, not longer', async () => {
    const owner = await someone();
    await verifiedAddress(owner, 'slow.owner@example.com');
    expect(
      (
        await api.call('PUT', '/user/updateOwnUserInfo', {
          body: { email: 'later@example.com', password: 'password123' },
          headers: owner.auth,
        })
      ).status,
    ).toBe(200);
    const told = await mailbox.waitFor('slow.owner@example.com', '你的账号换了邮箱');
    expect(told.text).toContain('7 天内有效');
    // Eight days on.
    await api.sql(
      "UPDATE account_tokens SET expires_at = expires_at - 8 * 86400 WHERE purpose = 'undoEmail' AND user_id = ?",
      [owner.id],
    );
    const late = await api.call('POST', '/user/undoEmailChange', {
      body: { token: tokenOf(linkIn(told, 'undoEmailChange')) },
      ip: freshIp(BLOCK),
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toContain('已过期');
  });
});

describe('forgotPassword', () => {
  it('answers a verified address as fast as an unknown one, even where every disk sync is slow', async () => {
    // On a disk whose syncs take 50 ms more, a token written before the answer would show at once.
    const work = mkdtempSync(join(tmpdir(), 'blog-forgot-'));
    const slow = await startOwnedApi({
      SMTP_URL: mailbox.url,
      MAIL_FROM: 'blog@example.com',
      SITE_URL: 'https://blog.example.com',
      ...slowDisk(work, 50).env,
    });
    try {
      const registered = await newPerson(slow, 'timed', BLOCK);
      expect(
        (
          await slow.call('PUT', '/user/updateOwnUserInfo', {
            body: { email: 'timed@example.com' },
            headers: registered.auth,
          })
        ).status,
      ).toBe(200);
      const mail = await mailbox.waitFor('timed@example.com', '验证你的邮箱');
      expect(
        (
          await slow.call('POST', '/user/verifyEmail', {
            body: { token: tokenOf(linkIn(mail, 'verifyEmail')) },
            ip: freshIp(BLOCK),
          })
        ).status,
      ).toBe(200);
      const timed = async (email: string) => {
        const started = performance.now();
        expect((await slow.call('POST', '/user/forgotPassword', { body: { email }, ip: freshIp(BLOCK) })).status).toBe(
          200,
        );
        const took = performance.now() - started;
        // The work after the answer (a token written, a mail sent) is done before the next one is timed.
        await new Promise((resolve) => setTimeout(resolve, 300));
        return took;
      };
      // In pairs, so the machine's own ups and downs fall on both alike.
      const differences: number[] = [];
      for (let i = 0; i < 12; i++)
        differences.push((await timed('timed@example.com')) - (await timed(`nobody${i}@example.com`)));
      const median = [...differences].sort((a, b) => a - b)[differences.length >> 1];
      expect(median, `每对的差（ms）：${differences.map(Math.round)}`).toBeLessThan(25);
      // The mails still go, after the answers.
      await mailbox.waitFor('timed@example.com', '重置密码');
    } finally {
      await slow.stop();
      rmSync(work, { recursive: true, force: true });
    }
  });
});
