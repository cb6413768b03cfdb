/** The rules of a download entry, shared by the apply form and the server; each answers a Chinese problem or null. */
import { LINK_DESC_MAX_CHARS, LINK_NAME_MAX_CHARS, LINK_URL_MAX_LENGTH } from '../../contract/limits.ts';
import { charCount, hasControlCharacters } from './text.ts';

export function linkNameProblem(name: string): string | null {
  if (!name) return '请填写名称';
  if (charCount(name) > LINK_NAME_MAX_CHARS) return `名称最多 ${LINK_NAME_MAX_CHARS} 个字`;
  if (hasControlCharacters(name) || /[\r\n]/.test(name)) return '名称不能换行或包含控制字符';
  return null;
}

export function linkDescProblem(desc: string): string | null {
  if (!desc) return '请填写简介';
  if (charCount(desc) > LINK_DESC_MAX_CHARS) return `简介最多 ${LINK_DESC_MAX_CHARS} 个字`;
  if (hasControlCharacters(desc)) return '简介不能包含控制字符';
  return null;
}

/** Only absolute http(s) addresses with a host, so a `javascript:` link can never reach the list. */
export function linkUrlProblem(url: string): string | null {
  if (!url) return '请填写下载地址';
  if (url.length > LINK_URL_MAX_LENGTH) return `下载地址最长 ${LINK_URL_MAX_LENGTH} 个字符`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '下载地址不是有效的网址';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return '下载地址只能以 http:// 或 https:// 开头';
  if (!parsed.hostname || /\s/.test(url)) return '下载地址不是有效的网址';
  return null;
}
