/**
 * Comments without an account and the owner's moderation: the hold rule, the keyword lists, held
 * comments seen by their writer alone, approval with its notices and the guest's reply mail, the
 * console's bulk actions, and disabling a user with everything they wrote.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentRules } from '../../src/contract/commentRules';
import type { ContentIndex } from '../../src/lib/node/contentIndex';
import { linkIn, startMailbox, type Mailbox } from '../mailbox';
import type { ApiClient } from './api';
import { freshIp, newPerson, ownerLogin, startOwnedApi, type Person } from './people';

const BLOCK = 93;
const index: ContentIndex = JSON.parse(readFileSync('dist/server/content/index.json', 'utf8'));
const [articleId, otherArticleId, thirdArticleId] = index.articles.map((a) => a.id);

let mailbox: Mailbox;
let api: ApiClient;
let owner: Person;
let people = 0;
const someone = () => newPerson(api, `moderated${++people}`, BLOCK, `读者${people}`);

beforeAll(async () => {
  mailbox = await startMailbox();
  api = await startOwnedApi({
    SMTP_URL: mailbox.url,
    MAIL_FROM: 'blog@example.com',
    SITE_URL: 'https://blog.example.com',
  });
  owner = await ownerLogin(api, BLOCK);
});
afterAll(async () => {
  await api?.stop();
  await mailbox?.stop();
});

const setRules = async (rules: Partial<CommentRules>) => {
  const res = await api.call('PUT', '/admin/commentRules', {
    body: { guests: true, hold: 'guests', hold_words: [], refuse_words: [], ...rules },
    headers: owner.auth,
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.result as CommentRules;
};

/** A browser without an account: its reader cookie, once the server gave one, goes with every call. */
function guestBrowser() {
  let cookie = '';
  const ip = freshIp(BLOCK);
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await api.call(method, path, { body, ip, headers: cookie ? { Cookie: cookie } : {} });
    const set = res.headers.get('set-cookie')?.match(/blog_reader=[^;]+/);
    if (set) cookie = set[0];
    return res;
  };
  return { call, cookie: () => cookie };
}

const rootsOn = async (forId: number, headers?: Record<string, string>) =>
  (
    await api.call('POST', '/comment/frontGetParentComment', {
      body: { type: 1, for_id: forId, current: 1, size: 50 },
      headers,
      ip: freshIp(BLOCK),
    })
  ).body.result;
const idsOn = async (forId: number, headers?: Record<string, string>) =>
  (await rootsOn(forId, headers)).list.map((c: { id: number }) => c.id);
const totalOn = async (forId: number) =>
  (await api.call('POST', '/comment/getCommentTotal', { body: { type: 1, for_id: forId } })).body.result;
const add = (who: Person, forId: number, content: string) =>
  api.call('POST', '/comment/add', {
    body: { type: 1, for_id: forId, content },
    headers: who.auth,
    ip: freshIp(BLOCK),
  });
const notices = async (who: Person) =>
  (
    await api.call('POST', '/notify/getNotifyList', {
      body: { current: 1, size: 50, userId: who.id },
      headers: who.auth,
    })
  ).body.result.list;

describe('the owner’s comment rules', () => {
  it('keep guests out by default, and are the owner’s to change', async () => {
    expect((await api.call('GET', '/config')).body.result.comment_guests).toBe(false);
    const refused = await guestBrowser().call('POST', '/comment/add', {
      type: 1,
      for_id: articleId,
      content: '路过',
      nick_name: '路人',
    });
    expect(refused.status).toBe(401);
    expect((await api.call('GET', '/admin/commentRules', { headers: (await someone()).auth })).status).toBe(403);
    expect((await api.call('GET', '/admin/commentRules', { headers: owner.auth })).body.result).toEqual({
      guests: false,
      hold: 'guests',
      hold_words: [],
      refuse_words: [],
    });
  });

  it('take keyword lists as an array or as lines, and refuse what they cannot keep', async () => {
    const saved = await setRules({
      hold_words: ['加微信', ' 加微信 ', ''],
      refuse_words: '博彩\n代刷，刷单' as unknown as string[],
    });
    expect(saved).toMatchObject({ hold_words: ['加微信'], refuse_words: ['博彩', '代刷', '刷单'] });
    for (const body of [
      { guests: true, hold: 'some', hold_words: [], refuse_words: [] },
      { guests: 'yes', hold: 'all', hold_words: [], refuse_words: [] },
      { guests: true, hold: 'all', hold_words: ['长'.repeat(51)], refuse_words: [] },
      { guests: true, hold: 'all', hold_words: [], refuse_words: Array.from({ length: 501 }, (_, i) => `词${i}`) },
    ]) {
      const res = await api.call('PUT', '/admin/commentRules', { body, headers: owner.auth });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await api.call('GET', '/admin/commentRules', { headers: owner.auth })).body.result.refuse_words).toEqual([
      '博彩',
      '代刷',
      '刷单',
    ]);
    expect((await api.call('GET', '/config')).body.result.comment_guests).toBe(true);
  });
});

describe('a guest’s comment', () => {
  it('needs a nickname of their own, and a site that is a web address', async () => {
    await setRules({});
    const browser = guestBrowser();
    const cases: [unknown, string][] = [
      [{ type: 1, for_id: articleId, content: '你好' }, 'nick_name'],
      [{ type: 1, for_id: articleId, content: '你好', nick_name: '   ' }, 'nick_name'],
      [{ type: 1, for_id: articleId, content: '你好', nick_name: '小咸鱼' }, 'nick_name'],
      [{ type: 1, for_id: articleId, content: '你好', nick_name: '长'.repeat(21) }, 'nick_name'],
      [{ type: 1, for_id: articleId, content: '你好', nick_name: '路人', site: 'javascript:alert(1)' }, 'site'],
      [{ type: 1, for_id: articleId, content: '你好', nick_name: '路人', email: 'not-an-address' }, 'email'],
    ];
    for (const [body, field] of cases) {
      const res = await browser.call('POST', '/comment/add', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.result.fields).toEqual([field]);
    }
    expect(browser.cookie()).toBe('');
  });

  it('is held, shown to its own browser and the owner only, then approved for everyone', async () => {
    await setRules({ hold: 'guests' });
    const browser = guestBrowser();
    const before = await totalOn(articleId);
    const sent = await browser.call('POST', '/comment/add', {
      type: 1,
      for_id: articleId,
      content: '访客的第一条评论',
      nick_name: '路过的猫',
      email: 'cat@example.com',
      site: 'https://cat.example.com',
    });
    expect(sent.status, sent.body.message).toBe(200);
    expect(sent.body.result).toMatchObject({
      from_id: 0,
      from_name: '路过的猫',
      from_avatar: '',
      from_site: 'https://cat.example.com',
      held: true,
    });
    expect(browser.cookie()).toMatch(/^blog_reader=[\w-]{32,}$/);
    const id = sent.body.result.id;

    expect(await idsOn(articleId)).not.toContain(id);
    expect(await idsOn(articleId, { Cookie: 'blog_reader=' + 'x'.repeat(43) })).not.toContain(id);
    expect(await idsOn(articleId, (await someone()).auth)).not.toContain(id);
    expect(await totalOn(articleId)).toBe(before);
    const mine = (
      await browser.call('POST', '/comment/frontGetParentComment', { type: 1, for_id: articleId, current: 1, size: 50 })
    ).body.result.list;
    expect(mine.find((c: { id: number }) => c.id === id)).toMatchObject({ held: true, content: '访客的第一条评论' });
    expect((await rootsOn(articleId, owner.auth)).list.find((c: { id: number }) => c.id === id)).toMatchObject({
      held: true,
    });
    expect((await browser.call('PUT', `/comment/thumbUp/${id}`)).status).toBe(404);

    const heldNotice = (await notices(owner)).find(
      (n: { type: number; to_id: number }) => n.type === 7 && n.to_id === id,
    );
    expect(heldNotice.message).toContain('等待审核');
    const queue = (await api.call('GET', '/admin/comments?status=held', { headers: owner.auth })).body.result.list;
    expect(queue.find((c: { id: number }) => c.id === id)).toMatchObject({
      user_id: 0,
      nick_name: '路过的猫',
      held: true,
      guest_email: 'cat@example.com',
      guest_site: 'https://cat.example.com',
    });

    const approved = await api.call('PUT', '/admin/comments/approve', { body: { idList: [id] }, headers: owner.auth });
    expect(approved.body.result).toBe(1);
    expect(
      (await api.call('PUT', '/admin/comments/approve', { body: { idList: [id] }, headers: owner.auth })).body.result,
    ).toBe(0);
    const shown = (await rootsOn(articleId)).list.find((c: { id: number }) => c.id === id);
    expect(shown).toMatchObject({ from_name: '路过的猫', from_site: 'https://cat.example.com' });
    expect(shown.held).toBeUndefined();
    expect(shown).not.toHaveProperty('guest_email');
    expect(await totalOn(articleId)).toBe(before + 1);
    expect(
      (await notices(owner)).some(
        (n: { type: number; message: string }) => n.type === 1 && n.message.includes('路过的猫'),
      ),
    ).toBe(true);
  });

  it('sent again from the same browser is the first one, still held; the same words from another browser are another comment', async () => {
    await setRules({ hold: 'guests' });
    const body = { type: 1, for_id: articleId, content: '访客按了两次发送', nick_name: '手抖的访客' };
    const browser = guestBrowser();
    const first = await browser.call('POST', '/comment/add', body);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.result.held).toBe(true);
    const heldNotices = async () =>
      Number((await api.sql('SELECT count(*) AS n FROM notifications WHERE type = 7'))[0].n);
    const told = await heldNotices();
    expect((await browser.call('POST', '/comment/add', body)).body.result).toEqual(first.body.result);
    expect(await heldNotices()).toBe(told);
    const elsewhere = await guestBrowser().call('POST', '/comment/add', body);
    expect(elsewhere.status, elsewhere.body.message).toBe(200);
    expect(elsewhere.body.result.id).not.toBe(first.body.result.id);
    expect((await api.sql('SELECT count(*) AS n FROM comments WHERE content = ?', [body.content]))[0].n).toBe(2);
  });

  it('is answered by a reply, which mails the address the guest left once the guest has confirmed it', async () => {
    await setRules({ hold: 'none' });
    const browser = guestBrowser();
    const root = (
      await browser.call('POST', '/comment/add', {
        type: 1,
        for_id: otherArticleId,
        content: '求更新',
        nick_name: '小鹿',
        email: 'deer@example.com',
      })
    ).body.result;
    expect(root.held).toBeUndefined();
    const asking = await mailbox.waitFor('deer@example.com', '确认接收评论回复提醒');
    const reader = await someone();
    const reply = (content: string) =>
      api.call('POST', '/comment/apply', {
        body: { type: 1, for_id: otherArticleId, parent_id: root.id, to_id: 0, content },
        headers: reader.auth,
        ip: freshIp(BLOCK),
      });
    const first = await reply('还没确认');
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.result).toMatchObject({ to_id: 0, to_name: '小鹿' });
    const confirmed = await api.call('POST', '/comment/confirmEmail', {
      body: { token: new URL(linkIn(asking, 'confirmGuestEmail')).searchParams.get('token') },
      ip: freshIp(BLOCK),
    });
    expect(confirmed.status, confirmed.body.message).toBe(200);
    expect((await reply('快了快了')).status).toBe(200);
    const mail = await mailbox.waitFor('deer@example.com', '你的评论有了新回复');
    expect(mail.text).toContain('快了快了');
    expect(mail.text).toContain(`https://blog.example.com/article/${otherArticleId}`);
    // The reply before the confirmation mailed nothing.
    expect(mailbox.received.filter((m) => m.to.includes('deer@example.com')).map((m) => m.subject)).toEqual([
      asking.subject,
      mail.subject,
    ]);

    // to_id 0 names the guest who wrote parent_id: an account's comment has no guest to answer.
    const own = (await add(reader, otherArticleId, '账号的评论')).body.result;
    const wrong = await api.call('POST', '/comment/apply', {
      body: { type: 1, for_id: otherArticleId, parent_id: own.id, to_id: 0, content: '嗯' },
      headers: reader.auth,
      ip: freshIp(BLOCK),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.result.fields).toEqual(['to_id']);
  });
});

describe('keyword moderation', () => {
  it('refuses a comment with a refused word, however it is spelt, and keeps nothing', async () => {
    await setRules({ hold: 'none', refuse_words: ['博彩', 'casino'] });
    const reader = await someone();
    const before = await api.sql('SELECT count(*) AS n FROM comments');
    for (const content of ['来玩博彩', '博 彩', '博.彩', 'ＣＡＳＩＮＯ', 'C-a-s-i-n-o 送钱']) {
      const res = await add(reader, articleId, content);
      expect(res.status, content).toBe(400);
      expect(res.body.message).toBe('评论包含本站不允许的内容，请修改后再发');
      expect(res.body.result.fields).toEqual(['content']);
    }
    const guest = await guestBrowser().call('POST', '/comment/add', {
      type: 1,
      for_id: articleId,
      content: '你好',
      nick_name: '路人',
      site: 'https://casino.example.com',
    });
    expect(guest.status).toBe(400);
    expect(await api.sql('SELECT count(*) AS n FROM comments')).toEqual(before);
    expect((await add(reader, articleId, '博客写得好')).status).toBe(200);
  });

  it('sees through characters that show nothing, and keeps what was typed as it was', async () => {
    await setRules({ hold: 'none', refuse_words: ['赌场'], hold_words: ['加微信'] });
    // Each comment from a reader of its own: one reader may write only so many a minute.
    const before = await api.sql('SELECT count(*) AS n FROM comments');
    const hidden = [
      '\u00ad',
      '\u034f',
      '\u115f',
      '\u1160',
      '\u180e',
      '\u200d',
      '\u2061',
      '\u2062',
      '\u2063',
      '\u2064',
      '\u3164',
      '\ufe0f',
      '\uffa0',
      '\u{e0100}',
    ];
    for (const mark of ['', ...hidden]) {
      const res = await add(await someone(), articleId, `去赌${mark}场玩`);
      expect(res.status, `U+${mark.codePointAt(0)?.toString(16) ?? ''}`).toBe(400);
      expect(res.body.message).toBe('评论包含本站不允许的内容，请修改后再发');
    }
    const guest = await guestBrowser().call('POST', '/comment/add', {
      type: 1,
      for_id: articleId,
      content: '你好',
      nick_name: '赌\u00ad场老板',
    });
    expect(guest.status).toBe(400);
    expect(await api.sql('SELECT count(*) AS n FROM comments')).toEqual(before);
    for (const mark of ['', ...hidden]) {
      const res = await add(await someone(), articleId, `有事加${mark}微信`);
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.result.held, `U+${mark.codePointAt(0)?.toString(16) ?? ''}`).toBe(true);
      expect(res.body.result.content).toBe(`有事加${mark}微信`);
    }
  });

  it('holds a comment with a held word even where nothing else is held, but never the owner’s', async () => {
    await setRules({ hold: 'none', hold_words: ['加微信'] });
    const reader = await someone();
    const held = (await add(reader, articleId, '想交流的加微信')).body.result;
    expect(held.held).toBe(true);
    expect(await idsOn(articleId)).not.toContain(held.id);
    expect(await idsOn(articleId, reader.auth)).toContain(held.id);
    const plain = (await add(reader, articleId, '写得真好')).body.result;
    expect(plain.held).toBeUndefined();
    expect(await idsOn(articleId)).toContain(plain.id);
    const fromOwner = (await add(owner, articleId, '有事加微信')).body.result;
    expect(fromOwner.held).toBeUndefined();
  });

  it('holds every comment under the rule `all`, accounts’ too, and replies wait the same way', async () => {
    await setRules({ hold: 'all' });
    const [writer, other] = [await someone(), await someone()];
    const root = (await add(writer, thirdArticleId, '全部审核时的评论')).body.result;
    expect(root.held).toBe(true);
    expect(await idsOn(thirdArticleId, other.auth)).not.toContain(root.id);
    // Nobody replies to a comment that is not out yet.
    const early = await api.call('POST', '/comment/apply', {
      body: { type: 1, for_id: thirdArticleId, parent_id: root.id, to_id: writer.id, content: '抢答' },
      headers: other.auth,
      ip: freshIp(BLOCK),
    });
    expect(early.status).toBe(404);
    await api.call('PUT', '/admin/comments/approve', { body: { idList: [root.id] }, headers: owner.auth });
    const reply = (
      await api.call('POST', '/comment/apply', {
        body: { type: 1, for_id: thirdArticleId, parent_id: root.id, to_id: writer.id, content: '回复也要审核' },
        headers: other.auth,
        ip: freshIp(BLOCK),
      })
    ).body.result;
    expect(reply.held).toBe(true);
    expect((await notices(writer)).some((n: { message: string }) => n.message.includes('回复也要审核'))).toBe(false);
    const threadFor = async (who: Person) =>
      (await rootsOn(thirdArticleId, who.auth)).list.find((c: { id: number }) => c.id === root.id).childrenCount;
    expect(await threadFor(writer)).toBe(0);
    expect(await threadFor(other)).toBe(1);
    await api.call('PUT', '/admin/comments/approve', { body: { idList: [reply.id] }, headers: owner.auth });
    expect(await threadFor(writer)).toBe(1);
    expect((await notices(writer)).some((n: { message: string }) => n.message.includes('回复也要审核'))).toBe(true);
  });
});

describe('the console', () => {
  it('hides, shows and deletes comments in bulk, a root with its replies', async () => {
    await setRules({ hold: 'none' });
    const reader = await someone();
    const a = (await add(reader, thirdArticleId, '批量一')).body.result;
    const b = (await add(reader, thirdArticleId, '批量二')).body.result;
    const r = (
      await api.call('POST', '/comment/apply', {
        body: { type: 1, for_id: thirdArticleId, parent_id: b.id, to_id: reader.id, content: '批量二的回复' },
        headers: reader.auth,
        ip: freshIp(BLOCK),
      })
    ).body.result;
    const hide = await api.call('PUT', '/admin/comments/hidden', {
      body: { idList: [a.id, b.id], hidden: true },
      headers: owner.auth,
    });
    expect(hide.body.result).toBe(2);
    expect(await idsOn(thirdArticleId)).not.toContain(a.id);
    const hiddenList = (
      await api.call('GET', '/admin/comments?status=hidden', { headers: owner.auth })
    ).body.result.list.map((c: { id: number }) => c.id);
    expect(hiddenList).toEqual(expect.arrayContaining([a.id, b.id]));
    await api.call('PUT', '/admin/comments/hidden', { body: { idList: [a.id], hidden: false }, headers: owner.auth });
    expect(await idsOn(thirdArticleId)).toContain(a.id);
    const removed = await api.call('PUT', '/admin/comments/delete', {
      body: { idList: [a.id, b.id] },
      headers: owner.auth,
    });
    expect(removed.body.result).toBe(2);
    expect(await api.sql('SELECT id FROM comments WHERE id IN (?, ?, ?)', [a.id, b.id, r.id])).toEqual([]);
    for (const body of [{ idList: [] }, { idList: 'x' }, { idList: Array.from({ length: 101 }, (_, i) => i + 1) }]) {
      expect((await api.call('PUT', '/admin/comments/delete', { body, headers: owner.auth })).status).toBe(400);
    }
    expect(
      (await api.call('PUT', '/admin/comments/delete', { body: { idList: [a.id] }, headers: reader.auth })).status,
    ).toBe(403);
    expect((await api.call('GET', '/admin/comments?status=new', { headers: owner.auth })).status).toBe(400);
  });

  it('disables a user and, when asked, hides everything they wrote', async () => {
    await setRules({ hold: 'none' });
    const [spammer, kept] = [await someone(), await someone()];
    const comment = (await add(spammer, articleId, '广告一条')).body.result;
    const post = (
      await api.call('POST', '/message/add', {
        body: { message: '留言板广告' },
        headers: spammer.auth,
        ip: freshIp(BLOCK),
      })
    ).body.result;
    const keptComment = (await add(kept, articleId, '正常评论')).body.result;
    const res = await api.call('PUT', `/admin/users/${spammer.id}/disabled`, {
      body: { disabled: true, hide_writing: true },
      headers: owner.auth,
    });
    expect(res.status).toBe(200);
    const ids = await idsOn(articleId);
    expect(ids).not.toContain(comment.id);
    expect(ids).toContain(keptComment.id);
    expect(await api.sql('SELECT hidden FROM messages WHERE id = ?', [post.id])).toEqual([
      expect.objectContaining({ hidden: 1 }),
    ]);
    const board = (
      await api.call('POST', '/message/getMessageList', { body: { current: 1, size: 50 } })
    ).body.result.list.map((m: { id: number }) => m.id);
    expect(board).not.toContain(post.id);
    // Disabling alone hides nothing.
    const quiet = await someone();
    const stays = (await add(quiet, articleId, '被停用但不隐藏')).body.result;
    await api.call('PUT', `/admin/users/${quiet.id}/disabled`, { body: { disabled: true }, headers: owner.auth });
    expect(await idsOn(articleId)).toContain(stays.id);
  });
});
