/**
 * Runs once per tab: connects the request client to the session, finishes a server-side logout,
 * and quietly checks that a stored login is still valid. The session is the HttpOnly cookie; no
 * credential is ever read from or written to storage here.
 */
import { navigate } from 'astro:transitions/client';
import {
  $token,
  $userInfo,
  clearUser,
  forgetWritingDrafts,
  rememberRoute,
  SESSION_IN_COOKIE,
  updateUser,
} from './account';
import { showToast } from './toasts';
import { splitRoute, USER_INFO } from '../contract/routes';
import { configureSession } from './sessionLost';
import { t } from '../i18n/zh-CN';

configureSession({
  onUnauthorized: () => {
    clearUser();
    rememberRoute();
    void navigate('/login');
  },
});

/** `GET /logout` ends the server session and comes back with `?logout=1` for this side to finish. */
function finishServerLogout(): void {
  const url = new URL(location.href);
  if (url.searchParams.get('logout') !== '1') return;
  clearUser();
  forgetWritingDrafts();
  showToast(t.auth.loggedOut);
  url.searchParams.delete('logout');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

/** A stored login whose session has expired is dropped without fuss: the reader is only browsing. */
async function checkStoredLogin(): Promise<void> {
  const token = $token.get();
  if (!token || !$userInfo.get() || !navigator.onLine) return;
  // Storage from before sessions moved to the cookie alone may still hold a real token: drop it.
  if (token !== SESSION_IN_COOKIE) $token.set(SESSION_IN_COOKIE);
  try {
    const res = await fetch(splitRoute(USER_INFO).path, { credentials: 'same-origin' });
    if (res.status === 401) clearUser();
    else if (res.ok) {
      const { result } = await res.json();
      if (result) updateUser({ nick_name: result.nick_name, avatar: result.avatar, role: result.role });
    }
  } catch {
    // Offline: keep the stored login until the server can say otherwise.
  }
}

finishServerLogout();
document.addEventListener('astro:page-load', finishServerLogout);
void checkStoredLogin();
