/**
 * The download pages: the approved list as loaded so far, the application being written (it
 * outlives a refused send and a trip elsewhere in the tab, and is cleared only once the server
 * has it), and the applicant's own applications.
 */
import { map } from 'nanostores';
import { linksApi } from '../client/linksApi';
import type { LinkItem } from '../contract/links';
import { linkText } from '../i18n/links.zh-CN';
import { BLANK_LINK_FORM, formFromLink, linkFormProblems, refusedField, toLinkDraft, type LinkField, type LinkForm } from '../lib/linkForm';
import { RequestError } from '../lib/request';
import { showToast } from './toast';

const text = linkText;

/* ---- /link/list ---- */

export const LINK_PAGE_SIZE = 12;

export interface LinkListState {
  list: LinkItem[];
  current: number;
  total: number;
  loading: boolean;
  failed: boolean;
  loaded: boolean;
}

const NO_LINKS: LinkListState = { list: [], current: 0, total: 0, loading: false, failed: false, loaded: false };

export const $linkList = map<LinkListState>({ ...NO_LINKS });

let listTicket = 0;

async function loadLinkPage(current: number): Promise<void> {
  const mine = ++listTicket;
  $linkList.set({ ...$linkList.get(), loading: true, failed: false });
  try {
    const { result } = await linksApi.approved(current, LINK_PAGE_SIZE);
    if (mine !== listTicket || !result) return;
    const state = $linkList.get();
    // An entry approved meanwhile moves the pages along by one: nothing is listed twice.
    const list = current === 1 ? result.list : [...state.list, ...result.list.filter((item) => !state.list.some((known) => known.id === item.id))];
    $linkList.set({ list, current, total: result.total, loading: false, failed: false, loaded: true });
  } catch {
    if (mine === listTicket) $linkList.set({ ...$linkList.get(), loading: false, failed: true });
  }
}

/** The first page, fresh: entries are approved while the reader is elsewhere. */
export function openLinkList(): Promise<void> {
  $linkList.set({ ...NO_LINKS });
  return loadLinkPage(1);
}

export function loadMoreLinks(): Promise<void> {
  const { loading, failed, list, total, current } = $linkList.get();
  if (loading) return Promise.resolve();
  if (failed) return loadLinkPage(list.length ? current + 1 : 1);
  return list.length < total ? loadLinkPage(current + 1) : Promise.resolve();
}

/* ---- /link/apply: my applications ---- */

export interface MyLinksState {
  list: LinkItem[];
  loading: boolean;
  failed: boolean;
  loaded: boolean;
}

export const $myLinks = map<MyLinksState>({ list: [], loading: false, failed: false, loaded: false });

let mineTicket = 0;

/** My applications, read afresh: another account may have logged in on this tab since. */
export async function openMyLinks(): Promise<void> {
  const mine = ++mineTicket;
  $myLinks.set({ list: [], loading: true, failed: false, loaded: false });
  try {
    const { result } = await linksApi.mine();
    if (mine !== mineTicket) return;
    $myLinks.set({ list: result ?? [], loading: false, failed: false, loaded: true });
    // An application being changed that is not among mine (gone, or another account's): the form starts anew.
    const { editing } = $linkForm.get();
    if (editing !== null && !(result ?? []).some((item) => item.id === editing)) cancelEdit();
  } catch {
    if (mine === mineTicket) $myLinks.set({ ...$myLinks.get(), loading: false, failed: true });
  }
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
const FIELD_OF: Partial<Record<keyof LinkForm, LinkField>> = { site_name: 'site_name', site_desc: 'site_desc', url: 'url', icon: 'site_avatar', uploaded: 'site_avatar', icon_url: 'site_avatar' };

export function setLinkField<K extends keyof LinkForm>(key: K, value: LinkForm[K]): void {
  $linkForm.set({ ...$linkForm.get(), [key]: value });
  const field = FIELD_OF[key];
  const { refused } = $linkSubmit.get();
  if ((field && refused[field]) || refused.form) $linkSubmit.setKey('refused', { ...refused, ...(field ? { [field]: undefined } : {}), form: undefined });
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

function refusal(error: unknown): SubmitProblems {
  if (!(error instanceof RequestError)) return { form: text.failed };
  if (error.status === 429) return { form: error.body?.message || text.tooFast };
  const message = error.body?.message;
  if (error.status >= 400 && error.status < 500 && message) {
    const field = refusedField((error.body?.result as { fields?: string[] } | undefined)?.fields);
    return field ? { [field]: message } : { form: message };
  }
  // A notice has already said what happened (a lost session, a server error): the form keeps everything.
  return { form: text.failed };
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
    const { result } = form.editing === null ? await linksApi.add(draft) : await linksApi.update({ id: form.editing, ...draft });
    if (result) {
      const known = $myLinks.get().list.filter((item) => item.id !== result.id);
      $myLinks.setKey('list', [result, ...known].sort((a, b) => b.id - a.id));
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
