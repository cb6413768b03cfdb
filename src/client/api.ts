/**
 * The browser's request client, and the calls about the reader's account and the site. Each
 * feature's calls are a module of their own (articleApi.ts, boardApi.ts, commentApi.ts…): this one
 * is in the script every page runs, and a page should carry only the calls it can make.
 */
import type { SiteConfig } from '../contract/site';
import type { LoginBody, LoginResult, Profile, ProfileChanges, Registered, UploadedImage } from '../contract/users';
import {
  SITE_ADD_VIEW,
  SITE_CONFIG,
  UPLOAD_IMAGE,
  USER_CHANGE_PASSWORD,
  USER_FORGOT_PASSWORD,
  USER_INFO,
  USER_LOGIN,
  USER_LOGOUT,
  USER_REGISTER,
  USER_RESET_PASSWORD,
  USER_UPDATE,
  USER_VERIFY_EMAIL,
} from '../contract/paths';
import { createRequest } from '../lib/browser/request';
import { showNotice } from './toasts';

let unauthorizedHandler: () => void = () => {};

/** The accounts module plugs in what happens when the session is gone. */
export function configureSession(options: { onUnauthorized: () => void }) {
  unauthorizedHandler = options.onUnauthorized;
}

export const http = createRequest({
  fetch: (...args) => fetch(...args),
  notice: showNotice,
  onUnauthorized: () => unauthorizedHandler(),
});

/** A client like `http` with a fetch and a time limit of its own: an upload that shows its progress. */
export const httpWith = (fetchWith: typeof fetch, timeoutMs: number) =>
  createRequest({ fetch: fetchWith, notice: showNotice, onUnauthorized: () => unauthorizedHandler(), timeoutMs });

export const api = {
  login: (username: string, password: string) => http.post<LoginResult>(USER_LOGIN, { username, password, cookie: true } satisfies LoginBody),
  register: (username: string, password: string, nick_name?: string) => http.post<Registered>(USER_REGISTER, { username, password, nick_name }),
  // An expired session is already logged out: no "please log in" detour.
  logout: () => http.request<boolean>('POST', USER_LOGOUT, {}, {}, { quiet401: true }),
  me: () => http.get<Profile>(USER_INFO),
  siteConfig: () => http.get<SiteConfig>(SITE_CONFIG),
  updateProfile: (changes: ProfileChanges) => http.put<Profile>(USER_UPDATE, changes),
  updatePassword: (password: string, password1: string, password2: string) =>
    http.put<boolean>(USER_CHANGE_PASSWORD, { password, password1, password2 }),
  forgotPassword: (email: string) => http.post<boolean>(USER_FORGOT_PASSWORD, { email }),
  resetPassword: (token: string, password: string) => http.post<boolean>(USER_RESET_PASSWORD, { token, password }),
  verifyEmail: (token: string) => http.post<boolean>(USER_VERIFY_EMAIL, { token }),
  uploadImage: (file: Blob, name: string) => {
    const form = new FormData();
    form.append('file', file, name);
    return http.post<UploadedImage>(UPLOAD_IMAGE, form);
  },
  addSiteView: () => http.put<number>(SITE_ADD_VIEW),
};
