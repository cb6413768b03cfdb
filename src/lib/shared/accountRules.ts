/** Account rules shared by the forms and the server, so both say the same thing; the numbers are the contract's. */
import {
  NICK_NAME_MAX_CHARS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../../contract/limits.ts';

const LETTERS_AND_DIGITS = /^[A-Za-z0-9]+$/;

export function usernameProblem(username: string): string | null {
  if (!username) return '请输入用户名';
  if (username.length < USERNAME_MIN_LENGTH) return `用户名至少 ${USERNAME_MIN_LENGTH} 个字符`;
  if (username.length > USERNAME_MAX_LENGTH) return `用户名最多 ${USERNAME_MAX_LENGTH} 个字符`;
  if (!LETTERS_AND_DIGITS.test(username)) return '用户名只能包含英文字母和数字';
  return null;
}

export function passwordProblem(password: string, label = '密码'): string | null {
  if (!password) return `请输入${label}`;
  if (password.length < PASSWORD_MIN_LENGTH) return `${label}至少 ${PASSWORD_MIN_LENGTH} 位`;
  if (password.length > PASSWORD_MAX_LENGTH) return `${label}最多 ${PASSWORD_MAX_LENGTH} 位`;
  return null;
}

/** A form's first check of an address; the server checks it fully. */
export function emailProblem(email: string): string | null {
  return /^[^\s@]+@[^\s@]+$/.test(email) ? null : '请输入正确的邮箱';
}

export function nickNameProblem(nickName: string): string | null {
  return Array.from(nickName.trim()).length > NICK_NAME_MAX_CHARS ? `昵称最多 ${NICK_NAME_MAX_CHARS} 个字` : null;
}

/**
 * Characters that change how text around them is shown without showing themselves: bidi
 * controls (which can make a name read backwards) and zero-width ones (which make two names
 * that look the same differ). A nickname is stored without them.
 */
const INVISIBLE =
  /[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]/g;

export const cleanNickName = (nickName: string): string => nickName.replace(INVISIBLE, '').trim();

/** Two nicknames readers cannot tell apart: the same after width folding (NFKC) and case. */
export const sameNickName = (a: string, b: string): boolean =>
  cleanNickName(a).normalize('NFKC').toLowerCase() === cleanNickName(b).normalize('NFKC').toLowerCase();
