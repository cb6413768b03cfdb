/**
 * The reader's account: what this device keeps of it (client/account.ts, which the session wiring
 * below the stores needs too), and logging in and out.
 */
import { navigate } from 'astro:transitions/client';
import { keepLogin, setLogin, $token, clearUser, forgetWritingDrafts, type UserInfo } from '../client/account';
import { call } from '../client/api';
import { USER_LOGIN, USER_LOGOUT } from '../contract/routes';
import { t } from '../i18n/zh-CN';
import { RequestError } from '../lib/browser/request';
import { showRefusal, showToast } from './toast';

export {
  $blogAvatar,
  $hasToken,
  $hasUserInfo,
  $isLoggedIn,
  $lastRoute,
  $token,
  $userInfo,
  clearUser,
  rememberRoute,
  SESSION_IN_COOKIE,
  setLogin,
  updateUser,
  type UserInfo,
} from '../client/account';

/** Logs in and keeps the session; the caller decides where to go next. */
export async function login(username: string, password: string): Promise<UserInfo> {
  const { result } = await call(USER_LOGIN, { username, password, cookie: true });
  // The answer's token is for other clients; this page's session is the cookie set with it.
  const { token: _forOtherClients, ...info } = result!;
  await keepLogin();
  setLogin(info);
  return info;
}

/**
 * Ends the session on the server, then here; the user centre is left for home. When the server could
 * not be told (no network, a server error), the reader stays logged in and is told so: cleared here
 * alone, the session cookie would still log in whoever uses this browser next.
 */
export async function logout(): Promise<void> {
  if ($token.get()) {
    try {
      // An expired session is already logged out: no "please log in" detour.
      await call(USER_LOGOUT, undefined, { quiet401: true });
    } catch (error) {
      // A 401: the server had already ended the session, as a logout would.
      if (!(error instanceof RequestError && error.status === 401)) return showRefusal(error, t.auth.logoutFailed);
    }
  }
  clearUser();
  forgetWritingDrafts();
  showToast(t.auth.loggedOut);
  if (/^\/userCenter\/?$/.test(location.pathname)) await navigate('/home');
}
