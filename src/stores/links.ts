/**
 * The download pages: the approved list as loaded so far, the application being written (it
 * outlives a refused send and a trip elsewhere in the tab, and is cleared only once the server
 * has it), and the applicant's own applications.
 */
import { map } from 'nanostores';
import { call } from '../client/api';
import { LINK_ADD, LINK_LIST, LINK_MINE, LINK_UPDATE } from '../contract/routes';
import type { LinkItem } from '../contract/links';
import { linkText } from '../i18n/links.zh-CN';
import {
  BLANK_LINK_FORM,
  formFromLink,
  linkFormProblems,
  refusedField,
  toLinkDraft,
  type LinkField,
  type LinkForm,
} from '../lib/browser/linkForm';
import { refusalOf } from '../lib/browser/request';
import { pagedList, wholeList } from './pagedList';
import { showToast } from './toast';

const text = linkText;

/* ---- /link/list ---- */

export const LINK_PAGE_SIZE = 12;

// An entry approved meanwhile moves the pages along by one: the list never shows it twice.
const approved = pagedList<LinkItem, null>(null, {
  size: LINK_PAGE_SIZE,
  read: (_, current, size) => call(LINK_LIST, { current, size }),
});
export const $linkList = approved.$list;

/** The first page, fresh: entries are approved while the reader is elsewhere. */
export const openLinkList = () => approved.open();
export const loadMoreLinks = () => approved.more();

/* ---- /link/apply: my applications ---- */

const mine = pagedList<LinkItem, null>(
  null,
  wholeList(() => call(LINK_MINE)),
);
export const $myLinks = mine.$list;

/** My applications, read afresh: another account may have logged in on this tab since. */
export async function openMyLinks(): Promise<void> {
  if (!(await mine.open())) return;
  // An application being changed that is not among mine (gone, or another account's): the form starts anew.
  const { editing } = $linkForm.get();
  if (editing !== null && !$myLinks.get().list.some((item) => item.id === editing)) cancelEdit();
}

/* ---- /link/apply: the form ---- */

export const $linkForm = map<LinkForm>({ ...BLANK_LINK_FORM });

export type SubmitProblems = Partial<Record<LinkField | 'form', string>>;

export interface LinkSubmit {
  busy: boolean;
  /** A send was tried: every field's problem shows from then on, touched or not. */
  tried: boolean;
  /** What the server refused, by field; a field's goes once that field is changed. */
  refused: SubmitProblems;
}

export const $linkSubmit = map<LinkSubmit>({ busy: false, tried: false, refused: {} });

/** The icon choice changes what `site_avatar` is, so its refusal goes with it. */
const FIELD_OF: Partial<Record<keyof LinkForm, LinkField>> = {
  site_name: 'site_name',
  site_desc: 'site_desc',
  url: 'url',
  icon: 'site_avatar',
  uploaded: 'site_avatar',
  icon_url: 'site_avatar',
};

export function setLinkField<K extends keyof LinkForm>(key: K, value: LinkForm[K]): void {
  $linkForm.set({ ...$linkForm.get(), [key]: value });
  const field = FIELD_OF[key];
  const { refused } = $linkSubmit.get();
  if ((field && refused[field]) || refused.form)
    $linkSubmit.setKey('refused', { ...refused, ...(field ? { [field]: undefined } : {}), form: undefined });
}

/** Loads one's own application into the form, to change it and send it for review again. */
export function editLink(item: LinkItem): void {
  $linkForm.set(formFromLink(item));
  $linkSubmit.set({ busy: false, tried: false, refused: {} });
}

/** Leaves the change unsent: the form is empty again, for a new application. */
export function cancelEdit(): void {
  $linkForm.set({ ...BLANK_LINK_FORM });
  $linkSubmit.set({ busy: false, tried: false, refused: {} });
}

/** The server's reason beside the field it names, else above the form; a notice's news keeps the form as it is. */
function refusal(error: unknown): SubmitProblems {
  const { message, fields } = refusalOf(error, text.failed);
  const field = refusedField(fields);
  return field ? { [field]: message } : { form: message };
}

/**
 * Sends the application (or the change to one's own). Answers true once the server has it; on
 * a refusal the form keeps every field and shows the server's reason where it belongs.
 */
export async function submitLink(): Promise<boolean> {
  const form = $linkForm.get();
  if ($linkSubmit.get().busy) return false;
  if (Object.keys(linkFormProblems(form)).length > 0) {
    $linkSubmit.set({ busy: false, tried: true, refused: {} });
    return false;
  }
  $linkSubmit.set({ busy: true, tried: true, refused: {} });
  try {
    const draft = toLinkDraft(form);
    const { result } =
      form.editing === null ? await call(LINK_ADD, draft) : await call(LINK_UPDATE, { id: form.editing, ...draft });
    if (result) {
      const known = $myLinks.get().list.filter((item) => item.id !== result.id);
      mine.edit(() => [result, ...known].sort((a, b) => b.id - a.id), form.editing === null ? 1 : 0);
    }
  } catch (error) {
    $linkSubmit.set({ busy: false, tried: true, refused: refusal(error) });
    return false;
  }
  showToast(form.editing === null ? text.submitted : text.saved);
  $linkForm.set({ ...BLANK_LINK_FORM });
  $linkSubmit.set({ busy: false, tried: false, refused: {} });
  return true;
}
