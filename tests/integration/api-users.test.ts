import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { site } from '../../src/site.config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng, SVG } from '../fixtures/images';
import { startApi, type ApiClient } from './api';
import { secondsFromNow } from './databases';

let api: ApiClient;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api?.stop());

let ipCounter = 0;
/** Registration is limited per IP, so each test registers from its own address. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 200)}.${(ipCounter % 200) + 1}`;

async function register(username: string, password = 'password123', nick_name?: string) {
  return api.call('POST', '/user/register', { body: { username, password, nick_name }, ip: freshIp() });
}
async function login(username: string, password = 'password123', ip = freshIp()) {
  return api.call('POST', '/user/login', { body: { username, password }, ip });
}
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('register', () => {
  it('creates an account and gives a friendly nick name when none is given', async () => {
    const res = await register('newreader1');
    expect(res.body).toEqual({
      code: 0,
      message: 'success',
      result: { id: expect.any(Number), username: 'newreader1' },
    });
    const { token } = (await login('newreader1')).body.result;
    const me = await api.call('GET', '/user/getUserInfo', { headers: bearer(token) });
    expect(me.body.result.nick_name).toMatch(/^路过的小鱼\d{4}$/);
    expect(me.body.result.role).toBe(2);
  });

  it.each([
    [{ username: 'ab', password: 'password123' }, 'username', /至少 3/],
    [{ username: 'a'.repeat(21), password: 'password123' }, 'username', /最多 20/],
    [{ username: 'bad name', password: 'password123' }, 'username', /字母和数字/],
    [{ username: '中文名字', password: 'password123' }, 'username', /字母和数字/],
    [{ username: 'okname1', password: 'short7!' }, 'password', /至少 8/],
    [{ username: 'okname2', password: 'password123', nick_name: '长'.repeat(21) }, 'nick_name', /最多 20/],
    [{ password: 'password123' }, 'username', /请输入用户名/],
  ])('refuses %j', async (body, field, message) => {
    const res = await api.call('POST', '/user/register', { body, ip: freshIp() });
    expect(res.status).toBe(400);
    expect(res.body.result.fields).toContain(field);
    expect(res.body.message).toMatch(message);
  });

  it('refuses a taken username, whatever its case', async () => {
    await register('takenname');
    const again = await register('TakenName');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('该用户名已被注册');
  });

  it('stores a nick name as text and gives it back unchanged', async () => {
    await register('htmlnick', 'password123', '<b>粗体</b>');
    const { result } = (await login('htmlnick')).body;
    expect(result.nick_name).toBe('<b>粗体</b>');
  });

  it('limits registrations to 5 an hour per IP', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await api.call('POST', '/user/register', {
            body: { username: `burst${i}x`, password: 'password123' },
            ip: '10.8.0.1',
          })
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('login', () => {
  beforeAll(() => register('loginuser', 'rightpassword'));

  it('gives a token and the profile, and an HttpOnly SameSite=Lax session cookie only when asked', async () => {
    // The original front end asks for none: it logs out by forgetting its token.
    const tokenOnly = await login('loginuser', 'rightpassword');
    expect(tokenOnly.body.result.token).toEqual(expect.any(String));
    expect(tokenOnly.headers.getSetCookie().some((c) => c.startsWith('blog_session='))).toBe(false);
    const res = await api.call('POST', '/user/login', {
      body: { username: 'loginuser', password: 'rightpassword', cookie: true },
      ip: freshIp(),
    });
    expect(res.body.result).toMatchObject({ token: expect.any(String), username: 'loginuser', role: 2 });
    expect(Object.keys(res.body.result).sort()).toEqual([
      'avatar',
      'createdAt',
      'id',
      'nick_name',
      'role',
      'token',
      'username',
    ]);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('blog_session='))!;
    expect(cookie).toMatch(/^blog_session=[^;]+/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('says the same for a wrong password and an unknown user', async () => {
    const wrong = await login('loginuser', 'wrongpassword');
    const unknown = await login('nobodyhere', 'wrongpassword');
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe('用户名或密码错误');
  });

  it('after 10 failures for a username, holds back addresses the account has not used (more in api-accounts)', async () => {
    await register('lockme', 'rightpassword');
    for (let i = 0; i < 10; i++) expect((await login('lockme', 'nope-nope')).status).toBe(400);
    const held = await login('lockme', 'rightpassword');
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(held.body.message).toMatch(/该用户名近期登录失败次数过多/);
  });

  it('counts parallel guesses in full: a burst of 20 gets 10 answers and then 429s', async () => {
    await register('burstme', 'rightpassword');
    const answers = await Promise.all(Array.from({ length: 20 }, () => login('burstme', 'wrong-guess')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect((await login('burstme', 'rightpassword')).status).toBe(429);
  });

  it("a login to one's own account does not wipe the address's failures against others", async () => {
    await register('ownacct', 'rightpassword');
    const ip = '10.7.1.1';
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3; i++) expect((await login(`victim${round}${i}`, 'nope-nope', ip)).status).toBe(400);
      expect((await login('ownacct', 'rightpassword', ip)).status).toBe(200);
    }
    expect((await login('victimlast', 'nope-nope', ip)).status).toBe(400);
    expect((await login('ownacct', 'rightpassword', ip)).status).toBe(429);
  });
});

describe('sessions', () => {
  beforeAll(() => register('sessionuser', 'password123', '会话用户'));

  it('accepts the raw token, Bearer, and the cookie; refuses no or bad credentials', async () => {
    const { token } = (await login('sessionuser')).body.result;
    const ways: Record<string, string>[] = [
      { Authorization: token },
      bearer(token),
      { Cookie: `blog_session=${token}` },
    ];
    for (const headers of ways) {
      const me = await api.call('GET', '/user/getUserInfo', { headers });
      expect(me.status).toBe(200);
      expect(me.body.result.nick_name).toBe('会话用户');
    }
    expect((await api.call('GET', '/user/getUserInfo')).status).toBe(401);
    const bad = await api.call('GET', '/user/getUserInfo', { headers: bearer('made-up-token') });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ code: 401, message: '请先登录' });
  });

  it('logout revokes the token and clears the cookie', async () => {
    const { token } = (await login('sessionuser')).body.result;
    const out = await api.call('POST', '/user/logout', { headers: bearer(token) });
    expect(out.body.result).toBe(true);
    expect(out.headers.get('set-cookie')).toMatch(/blog_session=;/);
    expect((await api.call('GET', '/user/getUserInfo', { headers: bearer(token) })).status).toBe(401);
  });

  it('GET /logout ends the cookie session and returns to the page with a marker', async () => {
    const { token } = (await login('sessionuser')).body.result;
    const res = await fetch(`${api.server.url}/logout`, {
      redirect: 'manual',
      headers: { Cookie: `blog_session=${token}`, Referer: `${api.server.url}/archives` },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/archives?logout=1');
    expect(res.headers.get('set-cookie')).toMatch(/blog_session=;/);
    expect((await api.call('GET', '/user/getUserInfo', { headers: bearer(token) })).status).toBe(401);
  });

  it('a password change keeps this session and revokes the others', async () => {
    await register('changer', 'oldpassword1');
    const here = (await login('changer', 'oldpassword1')).body.result.token;
    const there = (await login('changer', 'oldpassword1')).body.result.token;
    const wrongOld = await api.call('PUT', '/user/updatePassword', {
      headers: bearer(here),
      body: { password: 'not-it-at-all', password1: 'newpassword1', password2: 'newpassword1' },
    });
    expect(wrongOld.body.message).toBe('原密码不正确');
    const mismatch = await api.call('PUT', '/user/updatePassword', {
      headers: bearer(here),
      body: { password: 'oldpassword1', password1: 'newpassword1', password2: 'newpassword2' },
    });
    expect(mismatch.body.result.fields).toEqual(['password2']);

    const changed = await api.call('PUT', '/user/updatePassword', {
      headers: bearer(here),
      body: { password: 'oldpassword1', password1: 'newpassword1', password2: 'newpassword1' },
    });
    expect(changed.body.result).toBe(true);
    expect((await api.call('GET', '/user/getUserInfo', { headers: bearer(here) })).status).toBe(200);
    expect((await api.call('GET', '/user/getUserInfo', { headers: bearer(there) })).status).toBe(401);
    expect((await login('changer', 'oldpassword1')).status).toBe(400);
    expect((await login('changer', 'newpassword1')).status).toBe(200);
  });

  it('an expired session gives 401', async () => {
    const { token } = (await login('sessionuser')).body.result;
    await api.sql('UPDATE sessions SET expires_at = ? WHERE user_id = (SELECT id FROM users WHERE username = ?)', [
      secondsFromNow(-60),
      'sessionuser',
    ]);
    expect((await api.call('GET', '/user/getUserInfo', { headers: bearer(token) })).status).toBe(401);
  });

  it('likes count per user when logged in', async () => {
    const { token } = (await login('sessionuser')).body.result;
    const ip = '10.6.0.1';
    expect((await api.call('PUT', '/article/like/1', { ip })).body.code).toBe(0);
    expect((await api.call('PUT', '/article/like/1', { ip, headers: bearer(token) })).body.code).toBe(0);
    expect((await api.call('PUT', '/article/like/1', { ip: '10.6.0.2', headers: bearer(token) })).body.code).toBe(100);
  });
});

describe('profile', () => {
  let token = '';
  beforeAll(async () => {
    await register('profiler', 'password123', '原昵称');
    token = (await login('profiler')).body.result.token;
  });

  it('updates the nick name and shows it publicly', async () => {
    const res = await api.call('PUT', '/user/updateOwnUserInfo', {
      headers: bearer(token),
      body: { nick_name: '  新昵称  ' },
    });
    expect(res.body.result.nick_name).toBe('新昵称');
    const pub = await api.call('GET', `/user/getUserInfoById/${res.body.result.id}`);
    expect(pub.body.result).toEqual({ id: res.body.result.id, nick_name: '新昵称', avatar: '' });
    expect(pub.body.result).not.toHaveProperty('username');
  });

  it('strips bidi and zero-width characters from nick names', async () => {
    const res = await api.call('PUT', '/user/updateOwnUserInfo', {
      headers: bearer(token),
      body: { nick_name: '\u202e鱼咸小\u202c\u200b新\u2066名\u2069\ufeff' },
    });
    expect(res.status).toBe(200);
    expect(res.body.result.nick_name).toBe('鱼咸小新名');
    // Nothing but invisible characters is an empty name.
    expect(
      (
        await api.call('PUT', '/user/updateOwnUserInfo', {
          headers: bearer(token),
          body: { nick_name: '\u200b\u200d' },
        })
      ).status,
    ).toBe(400);
  });

  it('keeps the site author’s name for the owner, in every spelling that looks the same', async () => {
    // Spaces or dots between the characters, and Traditional forms (the site's author is 小咸鱼), read as the same name.
    const lookAlikes = [Array.from(site.author).join(' '), Array.from(site.author).join('·'), '小咸魚', '小鹹魚'];
    for (const name of [site.author, ` ${site.author}\u200b`, site.author.normalize('NFKD'), ...lookAlikes]) {
      const res = await api.call('PUT', '/user/updateOwnUserInfo', {
        headers: bearer(token),
        body: { nick_name: name },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 400,
        message: `昵称「${site.author}」是站长专用的，请换一个`,
        result: { fields: ['nick_name'] },
      });
    }
    for (const name of [site.author, ...lookAlikes]) {
      const registered = await register(`copycat${lookAlikes.indexOf(name) + 1}`, 'password123', name);
      expect(registered.status, name).toBe(400);
      expect(registered.body.result.fields).toEqual(['nick_name']);
    }
    // Another name with one of its characters still is one.
    expect(
      (await api.call('PUT', '/user/updateOwnUserInfo', { headers: bearer(token), body: { nick_name: '小鱼儿' } }))
        .status,
    ).toBe(200);
  });

  it('refuses a bad profile change and never trusts a client-sent id', async () => {
    expect(
      (await api.call('PUT', '/user/updateOwnUserInfo', { headers: bearer(token), body: { nick_name: '' } })).status,
    ).toBe(400);
    expect(
      (
        await api.call('PUT', '/user/updateOwnUserInfo', {
          headers: bearer(token),
          body: { avatar: 'https://evil.example/x.png' },
        })
      ).status,
    ).toBe(400);
    expect((await api.call('PUT', '/user/updateOwnUserInfo', { headers: bearer(token), body: {} })).status).toBe(400);
    const other = await register('someoneelse', 'password123', '别人');
    await api.call('PUT', '/user/updateOwnUserInfo', {
      headers: bearer(token),
      body: { id: other.body.result.id, nick_name: '改别人' },
    });
    expect((await api.call('GET', `/user/getUserInfoById/${other.body.result.id}`)).body.result.nick_name).toBe('别人');
    expect((await api.call('PUT', '/user/updateOwnUserInfo', { body: { nick_name: '匿名' } })).status).toBe(401);
  });

  it('shows the same fields for an admin as for a reader, so admin accounts cannot be found by id', async () => {
    const admin = (await register('quietadmin', 'password123', '管理员甲')).body.result.id;
    const reader = (await register('quietreader', 'password123', '读者乙')).body.result.id;
    await api.sql('UPDATE users SET role = 1 WHERE id = ?', [admin]);
    const profiles = await Promise.all(
      [admin, reader].map(async (id) => (await api.call('GET', `/user/getUserInfoById/${id}`)).body.result),
    );
    expect(profiles[0]).toEqual({ id: admin, nick_name: '管理员甲', avatar: '' });
    expect(profiles[1]).toEqual({ id: reader, nick_name: '读者乙', avatar: '' });
  });

  it('answers 404 for an unknown public profile', async () => {
    expect((await api.call('GET', '/user/getUserInfoById/99999')).status).toBe(404);
  });
});

describe('avatar upload', () => {
  let token = '';
  beforeAll(async () => {
    await register('uploader', 'password123');
    token = (await login('uploader')).body.result.token;
  });

  async function upload(bytes: Buffer, filename: string, type: string, auth = true) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
    const res = await fetch(`${api.server.url}/api/upload/img`, {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest', ...(auth ? bearer(token) : {}) },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  }

  it('accepts a real PNG and serves it with its type and nosniff', async () => {
    const png = makePng();
    const res = await upload(png, 'me.png', 'image/png');
    expect(res.status).toBe(200);
    expect(res.body.result.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const served = await fetch(api.server.url + res.body.result.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const saved = await api.call('PUT', '/user/updateOwnUserInfo', {
      headers: bearer(token),
      body: { avatar: res.body.result.url },
    });
    expect(saved.body.result.avatar).toBe(api.server.url + res.body.result.url);
  });

  it('names the file by its bytes, not by the name it came with', async () => {
    const res = await upload(makePng(), 'photo.jpg', 'image/jpeg');
    expect(res.body.result.url).toMatch(/\.png$/);
  });

  it.each([
    ['a text file', Buffer.from('just some text, not an image at all'), 'notes.txt', 'text/plain'],
    ['an SVG', SVG, 'logo.svg', 'image/svg+xml'],
    ['text dressed as a PNG', Buffer.from('<html><script>alert(1)</script></html>'), 'evil.png', 'image/png'],
  ])('refuses %s', async (_label, bytes, filename, type) => {
    const res = await upload(bytes, filename, type);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/PNG、JPEG、WebP 或 GIF/);
  });

  it('refuses a file over 2 MB with 413', async () => {
    const big = Buffer.concat([makePng(), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const res = await upload(big, 'big.png', 'image/png');
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/2 MB/);
  });

  it('refuses anonymous uploads and stores nothing for them', async () => {
    const before = readdirSync(join(api.dir, 'uploads')).length;
    const res = await upload(makePng(), 'me.png', 'image/png', false);
    expect(res.status).toBe(401);
    expect(readdirSync(join(api.dir, 'uploads'))).toHaveLength(before);
  });
});

describe('admins', () => {
  it('ADMIN_USERNAME and ADMIN_PASSWORD create an admin at start, and admin:create promotes a user', async () => {
    const admin = await startApi({ ADMIN_USERNAME: 'siteowner', ADMIN_PASSWORD: 'ownerpassword1' });
    try {
      const login = await admin.call('POST', '/user/login', {
        body: { username: 'siteowner', password: 'ownerpassword1' },
      });
      expect(login.body.result.role).toBe(1);
      // The admin is shown as the site's author, never by the login name.
      expect(login.body.result.nick_name).toBe(site.author);
      await admin.call('POST', '/user/register', {
        body: { username: 'promoteme', password: 'password123' },
        ip: '10.5.0.1',
      });
      expect((await admin.call('GET', '/statistic')).body.result.userCount).toBe(2);

      // Asynchronously: a blocked test process would keep pooled connections past the server's keep-alive timeout.
      const { execFile } = await import('node:child_process');
      const { promisify } = await import('node:util');
      const createAdmin = (args: string[]) => {
        const run = promisify(execFile)(process.execPath, ['scripts/admin-create.ts', ...args], {
          env: { ...process.env, DATABASE_URL: admin.databaseUrl },
          encoding: 'utf8',
        });
        // Nothing on standard input: the current password stays.
        run.child.stdin!.end();
        return run;
      };
      const { stdout: output } = await createAdmin(['promoteme']);
      expect(output).toContain('已将 promoteme 设为管理员');
      // A password in the arguments would show in `ps`: refused, and nothing changes.
      await expect(createAdmin(['promoteme', 'newpassword1'])).rejects.toMatchObject({
        stderr: expect.stringContaining('请不要把密码写在命令行里'),
      });
      const promoted = await admin.call('POST', '/user/login', {
        body: { username: 'promoteme', password: 'password123' },
        ip: '10.5.0.2',
      });
      expect(promoted.body.result.role).toBe(1);
    } finally {
      await admin.stop();
    }
  });
});
