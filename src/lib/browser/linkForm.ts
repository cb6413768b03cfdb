/**
 * The download application form's rules, free of the DOM: what is sent, what is wrong with it
 * (by the same rules the server applies), and the letter icon an entry without a picture shows.
 */
import { LINK_URL_MAX_LENGTH } from '../../contract/limits.ts';
import type { LinkDraft, LinkItem } from '../../contract/links.ts';
import { linkDescProblem, linkNameProblem, linkUrlProblem } from '../shared/linkRules.ts';

/** How the entry is pictured: its name's first letter, a picture the applicant uploaded, or an image address. */
export type IconChoice = 'letter' | 'upload' | 'url';

export interface LinkForm {
  /** The id of one's own application being changed, or null for a new one. */
  editing: number | null;
  site_name: string;
  site_desc: string;
  url: string;
  icon: IconChoice;
  /** The uploaded picture's path (`/uploads/…`), kept while another choice is tried. */
  uploaded: string;
  /** The image address typed, kept likewise. */
  icon_url: string;
}

/** The fields the form shows problems on, named as the server names them in `result.fields`. */
export type LinkField = 'site_name' | 'site_desc' | 'url' | 'site_avatar';
export const LINK_FIELDS: readonly LinkField[] = ['site_name', 'site_desc', 'url', 'site_avatar'];

export const BLANK_LINK_FORM: LinkForm = {
  editing: null,
  site_name: '',
  site_desc: '',
  url: '',
  icon: 'letter',
  uploaded: '',
  icon_url: '',
};

/** An upload, by its path or by the absolute address the API answers with. */
const UPLOAD_PATH = /^(?:https?:\/\/[\w.:-]+)?\/uploads\//;

/** What the server is sent: everything trimmed, and only the chosen icon. */
export function toLinkDraft(form: LinkForm): Required<LinkDraft> {
  const site_avatar = form.icon === 'upload' ? form.uploaded : form.icon === 'url' ? form.icon_url.trim() : '';
  return { site_name: form.site_name.trim(), site_desc: form.site_desc.trim(), url: form.url.trim(), site_avatar };
}

/** An image address the browser may ask for; which hosts are allowed is the server's to say. */
export function iconUrlProblem(url: string): string | null {
  if (!url) return '请填写图标的图片地址';
  if (url.length > LINK_URL_MAX_LENGTH) return `图标地址最长 ${LINK_URL_MAX_LENGTH} 个字符`;
  try {
    const { protocol, hostname } = new URL(url);
    if (protocol !== 'https:' && protocol !== 'http:') return '图标地址只能以 http:// 或 https:// 开头';
    if (!hostname || /\s/.test(url)) return '图标地址不是有效的网址';
  } catch {
    return '图标地址不是有效的网址';
  }
  return null;
}

/** Every field's problem (only fields with one are present); empty when the form can be sent. */
export function linkFormProblems(form: LinkForm): Partial<Record<LinkField, string>> {
  const draft = toLinkDraft(form);
  const found: Partial<Record<LinkField, string>> = {};
  const name = linkNameProblem(draft.site_name);
  const desc = linkDescProblem(draft.site_desc);
  const url = linkUrlProblem(draft.url);
  const icon =
    form.icon === 'upload'
      ? draft.site_avatar
        ? null
        : '请先上传一张图片'
      : form.icon === 'url'
        ? iconUrlProblem(draft.site_avatar)
        : null;
  if (name) found.site_name = name;
  if (desc) found.site_desc = desc;
  if (url) found.url = url;
  if (icon) found.site_avatar = icon;
  return found;
}

/** The field a refusal names first (`result.fields`), or null when it is about the whole form. */
export function refusedField(fields: readonly string[] | undefined): LinkField | null {
  return LINK_FIELDS.find((field) => fields?.includes(field)) ?? null;
}

/** An application loaded back into the form, to be changed and sent again. */
export function formFromLink(item: LinkItem): LinkForm {
  const icon: IconChoice = !item.site_avatar ? 'letter' : UPLOAD_PATH.test(item.site_avatar) ? 'upload' : 'url';
  return {
    editing: item.id,
    site_name: item.site_name,
    site_desc: item.site_desc,
    url: item.url,
    icon,
    uploaded: icon === 'upload' ? item.site_avatar : '',
    icon_url: icon === 'url' ? item.site_avatar : '',
  };
}

/** Applications the applicant may still change: waiting for review, or turned down. */
export const isEditable = (item: Pick<LinkItem, 'status'>) => item.status !== 2;

/** The letter icon: the name's first character (a whole emoji, a letter in capitals), on a hue of its own. */
export function letterIcon(name: string): { letter: string; hue: number } {
  const trimmed = name.trim();
  const letter = ([...trimmed][0] ?? '?').toUpperCase();
  let hash = 0;
  for (const char of trimmed) hash = (hash * 31 + char.codePointAt(0)!) % 360;
  return { letter, hue: hash };
}
