/** Account rules shared by the forms and the server, so both say the same thing; the numbers are the contract's. */
import {
  NICK_NAME_MAX_CHARS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../contract/limits.ts';

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

export function nickNameProblem(nickName: string): string | null {
  return Array.from(nickName.trim()).length > NICK_NAME_MAX_CHARS ? `昵称最多 ${NICK_NAME_MAX_CHARS} 个字` : null;
}
