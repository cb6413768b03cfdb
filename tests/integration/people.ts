/** Readers for API tests: registration and login are limited per address, so each comes from its own. */
import { linkIn, type Mailbox } from '../mailbox';
import { startApi, type ApiClient } from './api';

let ipCounter = 0;
/** A new address in 10.{block}.x.y for every call; `block` keeps test files apart. */
export const freshIp = (block: number) => `10.${block}.${Math.floor(++ipCounter / 200)}.${(ipCounter % 200) + 1}`;

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export interface Person {
  id: number;
  token: string;
  username: string;
  nickName: string;
  /** The `Authorization` header of this person. */
  auth: Record<string, string>;
}

/** Registers and logs in a new user (password `password123`), from fresh addresses in `block`. */
export async function newPerson(api: ApiClient, username: string, block: number, nickName = username): Promise<Person> {
  const registered = await api.call('POST', '/user/register', {
    body: { username, password: 'password123', nick_name: nickName },
    ip: freshIp(block),
  });
  if (registered.status !== 200) throw new Error(`注册 ${username} 失败：${registered.body.message}`);
  const login = await api.call('POST', '/user/login', {
    body: { username, password: 'password123' },
    ip: freshIp(block),
  });
  const { id, token } = login.body.result;
  return { id, token, username, nickName, auth: bearer(token) };
}

/** The site's owner, made an admin at start by `startOwnedApi`. */
export const OWNER = { username: 'siteowner', password: 'owner-password-1' };

/** A fresh site whose owner (the first admin) exists from the start. */
export const startOwnedApi = (env: Record<string, string> = {}) =>
  startApi({ ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, ...env });

export async function ownerLogin(api: ApiClient, block: number): Promise<Person> {
  const login = await api.call('POST', '/user/login', { body: OWNER, ip: freshIp(block) });
  const { id, token, nick_name } = login.body.result;
  return { id, token, username: OWNER.username, nickName: nick_name, auth: bearer(token) };
}

/** Gives `who` the address `email`, verified through the link mailed to `mailbox`. */
export async function giveVerifiedAddress(
  api: ApiClient,
  mailbox: Mailbox,
  who: Person,
  email: string,
  block: number,
): Promise<void> {
  const changed = await api.call('PUT', '/user/updateOwnUserInfo', { body: { email }, headers: who.auth });
  if (changed.status !== 200) throw new Error(`设置 ${email} 失败：${changed.body.message}`);
  const link = linkIn(await mailbox.waitFor(email, '验证你的邮箱'), 'verifyEmail');
  const verified = await api.call('POST', '/user/verifyEmail', {
    body: { token: new URL(link).searchParams.get('token') },
    ip: freshIp(block),
  });
  if (verified.status !== 200) throw new Error(`验证 ${email} 失败：${verified.body.message}`);
}
