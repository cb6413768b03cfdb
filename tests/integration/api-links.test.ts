/** Download entries: applying, reviewing, the approved list, and who hears of what. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_APPLICATIONS_PER_HOUR, LINK_DESC_MAX_CHARS, LINK_NAME_MAX_CHARS } from '../../src/contract/limits';
import type { LinkItem } from '../../src/contract/links';
import type { ApiClient } from './api';
import { newPerson, ownerLogin, startOwnedApi, type Person } from './people';

const BLOCK = 82;
let api: ApiClient;
let owner: Person;
beforeAll(async () => {
  api = await startOwnedApi({ MEDIA_ORIGINS: 'https://img.example.com' });
  owner = await ownerLogin(api, BLOCK);
});
afterAll(() => api?.stop());

let people = 0;
const someone = () => newPerson(api, `applicant${++people}`, BLOCK);
const draft = (name = '一键助手', extra: Record<string, unknown> = {}) => ({
  site_name: name,
  site_desc: '把重复的键鼠操作录成脚本',
  url: 'https://download.example.com/tool.zip',
  ...extra,
});
const apply = (who: Person | null, body: unknown) => api.call('POST', '/links/add', { body, headers: who?.auth });
const approved = async () =>
  (await api.call('POST', '/links/getLinksList', { body: { current: 1, size: 50 } })).body.result.list as LinkItem[];
const review = (verdict: 'approve' | 'reject', idList: unknown, who: Person | null = owner) =>
  api.call('PUT', `/links/${verdict}`, { body: { idList }, headers: who?.auth });
const told = async (who: Person) =>
  (
    await api.call('POST', '/notify/getNotifyList', {
      body: { current: 1, size: 50, userId: who.id },
      headers: who.auth,
    })
  ).body.result.list as { message: string; type: number; to_id: number }[];

describe('applying', () => {
  it('makes a pending application the list does not show, and tells the admins', async () => {
    const applicant = await someone();
    const res = await apply(applicant, draft('待审条目'));
    expect(res.status).toBe(200);
    const link = res.body.result as LinkItem;
    expect(link).toMatchObject({ status: 1, user_id: applicant.id, site_name: '待审条目', site_avatar: '' });
    expect((await approved()).map((l) => l.id)).not.toContain(link.id);
    const ownerTold = await told(owner);
    expect(ownerTold.find((n) => n.to_id === link.id)).toMatchObject({ type: 8 });
    expect(await told(applicant)).toEqual([]);
  });

  it('asks for a login, and checks every field on the server', async () => {
    expect((await apply(null, draft())).status).toBe(401);
    const applicant = await someone();
    const cases: [unknown, string][] = [
      [draft(''), 'site_name'],
      [draft('名'.repeat(LINK_NAME_MAX_CHARS + 1)), 'site_name'],
      [draft('a\nb'), 'site_name'],
      [draft('ok', { site_desc: '' }), 'site_desc'],
      [draft('ok', { site_desc: '字'.repeat(LINK_DESC_MAX_CHARS + 1) }), 'site_desc'],
      [draft('ok', { url: 'javascript:alert(1)' }), 'url'],
      [draft('ok', { url: 'ftp://example.com/x' }), 'url'],
      [draft('ok', { url: 'not a url' }), 'url'],
      [draft('ok', { url: undefined }), 'url'],
      [draft('ok', { site_avatar: 'https://evil.example.net/x.png' }), 'site_avatar'],
      [draft('ok', { site_avatar: '/uploads/0123456789abcdef0123456789abcdef.png' }), 'site_avatar'],
    ];
    for (const [body, field] of cases) {
      const res = await apply(applicant, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
      if (res.body.result?.fields) expect(res.body.result.fields).toContain(field);
    }
    expect((await api.call('GET', '/links/mine', { headers: applicant.auth })).body.result).toEqual([]);
    // An icon from an origin the site's policy allows is fine.
    expect((await apply(applicant, draft('ok', { site_avatar: 'https://img.example.com/icon.png' }))).status).toBe(200);
  });

  it(`allows ${LINK_APPLICATIONS_PER_HOUR} applications and edits an hour per user`, async () => {
    const applicant = await someone();
    for (let i = 0; i < LINK_APPLICATIONS_PER_HOUR; i++)
      expect((await apply(applicant, draft(`条目${i}`))).status).toBe(200);
    const over = await apply(applicant, draft('one more'));
    expect(over.status).toBe(429);
    expect(over.body.message).toContain('每小时');
  });
});

describe('reviewing', () => {
  it('approves into the list and rejects out of it, telling each applicant once per entry', async () => {
    const [alice, bob] = [await someone(), await someone()];
    const a1 = (await apply(alice, draft('爱丽丝一'))).body.result as LinkItem;
    const a2 = (await apply(alice, draft('爱丽丝二'))).body.result as LinkItem;
    const b1 = (await apply(bob, draft('鲍勃一'))).body.result as LinkItem;
    expect((await review('approve', [a1.id, a2.id])).status).toBe(200);
    expect((await review('reject', [b1.id])).status).toBe(200);
    const listed = (await approved()).map((l) => l.id);
    expect(listed).toEqual(expect.arrayContaining([a1.id, a2.id]));
    expect(listed).not.toContain(b1.id);
    const aliceTold = await told(alice);
    expect(
      aliceTold
        .filter((n) => n.type === 4)
        .map((n) => n.to_id)
        .sort(),
    ).toEqual([a1.id, a2.id].sort());
    expect(aliceTold[0].message).toContain('已通过');
    expect((await told(bob))[0].message).toContain('没有通过');
    // Approving again says nothing new.
    await review('approve', [a1.id]);
    expect(await told(alice)).toHaveLength(2);
  });

  it('is for admins only', async () => {
    const applicant = await someone();
    const link = (await apply(applicant, draft('自己批准'))).body.result as LinkItem;
    expect((await review('approve', [link.id], applicant)).status).toBe(403);
    expect((await review('approve', [link.id], null)).status).toBe(401);
    expect((await review('approve', [])).status).toBe(400);
    expect((await review('approve', 'all')).status).toBe(400);
    expect((await api.call('GET', '/links/mine', { headers: applicant.auth })).body.result[0].status).toBe(1);
  });
});

describe('editing an application', () => {
  it('sends a rejected one back to pending and to the admins; someone else’s cannot be edited', async () => {
    const [applicant, stranger] = [await someone(), await someone()];
    const link = (await apply(applicant, draft('改一改'))).body.result as LinkItem;
    await review('reject', [link.id]);
    const before = (await told(owner)).length;
    const edited = await api.call('POST', '/links/frontUpdate', {
      body: { id: link.id, ...draft('改好了') },
      headers: applicant.auth,
    });
    expect(edited.body.result).toMatchObject({ id: link.id, status: 1, site_name: '改好了' });
    expect((await told(owner)).length).toBe(before + 1);
    const theirs = await api.call('POST', '/links/frontUpdate', {
      body: { id: link.id, ...draft('抢过来') },
      headers: stranger.auth,
    });
    expect(theirs.status).toBe(403);
    const missing = await api.call('POST', '/links/frontUpdate', {
      body: { id: 987654, ...draft() },
      headers: applicant.auth,
    });
    expect(missing.status).toBe(404);
    const mine = (await api.call('GET', '/links/mine', { headers: applicant.auth })).body.result as LinkItem[];
    expect(mine.map((l) => [l.site_name, l.status])).toEqual([['改好了', 1]]);
  });
});
