/** Account rules shared by the forms and the server, so both say the same thing. */
export const USERNAME_PATTERN = /^[A-Za-z0-9]{3,20}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NICK_NAME_MAX = 20;

export function usernameProblem(username: string): string | null {
  if (!username) return '请输入用户名';
  if (username.length < 3) return '用户名至少 3 个字符';
  if (username.length > 20) return '用户名最多 20 个字符';
  if (!USERNAME_PATTERN.test(username)) return '用户名只能包含英文字母和数字';
  return null;
}

export function passwordProblem(password: string, label = '密码'): string | null {
  if (!password) return `请输入${label}`;
  if (password.length < PASSWORD_MIN) return `${label}至少 ${PASSWORD_MIN} 位`;
  if (password.length > PASSWORD_MAX) return `${label}最多 ${PASSWORD_MAX} 位`;
  return null;
}

export function nickNameProblem(nickName: string): string | null {
  return Array.from(nickName.trim()).length > NICK_NAME_MAX ? `昵称最多 ${NICK_NAME_MAX} 个字` : null;
}
