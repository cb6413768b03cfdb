/**
 * Mail links without SITE_URL: they point at the address the server listens on (here a free port
 * on 127.0.0.1, never the checkout's localhost:4321), and the server says at start that SITE_URL
 * is missing while mail is on.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { linkIn, startMailbox, type Mailbox } from '../mailbox';
import type { ApiClient } from './api';
import { newPerson, startOwnedApi } from './people';

const BLOCK = 134;
let mailbox: Mailbox;
let api: ApiClient;

beforeAll(async () => {
  mailbox = await startMailbox();
  // The suite's environment may set SITE_URL; this server must run without it.
  const { SITE_URL: _siteUrl, ...rest } = process.env;
  process.env = rest;
  api = await startOwnedApi({ SMTP_URL: mailbox.url, MAIL_FROM: '测试博客 <blog@example.com>' });
});
afterAll(async () => {
  await api?.stop();
  await mailbox?.stop();
});

it('links to the address the server listens on, and warns at start that SITE_URL is not set', async () => {
  expect(api.server.url).not.toContain(':4321');
  expect(api.server.output()).toContain('已开启邮件（SMTP_URL），但没有设置 SITE_URL');
  const reader = await newPerson(api, 'portreader', BLOCK);
  await api.call('PUT', '/user/updateOwnUserInfo', { body: { email: 'port@example.com' }, headers: reader.auth });
  const link = linkIn(await mailbox.waitFor('port@example.com', '验证你的邮箱'), 'verifyEmail');
  expect(link.startsWith(`${api.server.url}/verifyEmail?token=`)).toBe(true);
  // The link opens the page on this server.
  expect((await fetch(link)).status).toBe(200);
});
