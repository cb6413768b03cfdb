/**
 * The reader's account: what this device keeps of it (client/account.ts, which the session wiring
 * below the stores needs too), and logging in and out.
 */
import { navigate } from 'astro:transitions/client';
import { keepLogin, setLogin, $token, clearUser, type UserInfo } from '../client/account';
import { api } from '../client/api';
import { t } from '../i18n/zh-CN';
import { showToast } from './toast';

export {
  $blogAvatar, $hasToken, $hasUserInfo, $isLoggedIn, $lastRoute, $token, $userInfo, clearUser, rememberRoute, SESSION_IN_COOKIE, setLogin, updateUser,
  type UserInfo,
} from '../client/account';

/** Logs in and keeps the session; the caller decides where to go next. */
export async function login(username: string, password: string): Promise<UserInfo> {
  const { result } = await api.login(username, password);
  // The answer's token is for other clients; this page's session is the cookie set with it.
  const { token: _forOtherClients, ...info } = result!;
  await keepLogin();
  setLogin(info);
  return info;
}

/** Ends the session here and on the server; the user centre is left for home. */
export async function logout(): Promise<void> {
  if ($token.get()) await api.logout().catch(() => {});
  clearUser();
  showToast(t.auth.loggedOut);
  if (/^\/userCenter\/?$/.test(location.pathname)) await navigate('/home');
}
