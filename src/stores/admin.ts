/**
 * The admin console's screens for the site's content and people: the dashboard, moderation of
 * comments and posts, download applications, and users. Sales are in adminSales.ts.
 */
import { atom, map } from 'nanostores';
import { adminApi } from '../client/adminApi';
import type { AdminComment, AdminMessage, AdminUser, Dashboard } from '../contract/admin';
import type { LinkItem, LinkStatusCode } from '../contract/links';
import type { RoleCode } from '../contract/users';
import { adminText } from '../i18n/admin.zh-CN';
import { adminAction, pagedTable } from './adminTable';

const text = adminText;

/* ---- 概览 ---- */

export interface DashboardState {
  dashboard: Dashboard | null;
  loading: boolean;
  failed: boolean;
}

export const $dashboard = map<DashboardState>({ dashboard: null, loading: false, failed: false });

let dashboardTicket = 0;

export async function loadDashboard(): Promise<void> {
  const mine = ++dashboardTicket;
  $dashboard.set({ ...$dashboard.get(), loading: true, failed: false });
  try {
    const { result } = await adminApi.dashboard();
    if (mine === dashboardTicket) $dashboard.set({ dashboard: result ?? null, loading: false, failed: false });
  } catch {
    if (mine === dashboardTicket) $dashboard.set({ ...$dashboard.get(), loading: false, failed: true });
  }
}

/* ---- 审核 ---- */

export const commentTable = pagedTable<AdminComment, string>('', (keyword, current, size) => adminApi.comments(keyword, current, size));
export const messageTable = pagedTable<AdminMessage, string>('', (keyword, current, size) => adminApi.messages(keyword, current, size));

export type ModerationKind = 'comment' | 'message';

const moderated = {
  comment: { table: commentTable, hide: adminApi.hideComment, remove: adminApi.deleteComment },
  message: { table: messageTable, hide: adminApi.hideMessage, remove: adminApi.deleteMessage },
};

export async function setHidden(kind: ModerationKind, id: number, hidden: boolean): Promise<void> {
  const { table, hide } = moderated[kind];
  const done = await adminAction(`${kind}:${id}`, () => hide(id, hidden), hidden ? text.hiddenDone : text.shownDone);
  if (done !== undefined) await table.reload();
}

export async function removeModerated(kind: ModerationKind, id: number): Promise<void> {
  const { table, remove } = moderated[kind];
  const done = await adminAction(`${kind}:${id}`, () => remove(id), text.removed);
  if (done !== undefined) await table.reload();
}

/* ---- 下载申请 ---- */

/** The status shown, or null for every application. */
export const linkTable = pagedTable<LinkItem, LinkStatusCode | null>(1, (status, current, size) => adminApi.links(status, current, size));

/** The applications ticked on this page, by id. */
export const $linkSelection = map<{ ids: number[] }>({ ids: [] });

export function toggleLinkSelected(id: number, selected: boolean): void {
  const { ids } = $linkSelection.get();
  $linkSelection.set({ ids: selected ? [...new Set([...ids, id])] : ids.filter((known) => known !== id) });
}

export function selectAllLinks(selected: boolean): void {
  $linkSelection.set({ ids: selected ? linkTable.$table.get().list.map((item) => item.id) : [] });
}

/** Another filter or page shows other applications: nothing stays ticked out of sight. */
export async function showLinks(action: () => Promise<void>): Promise<void> {
  $linkSelection.set({ ids: [] });
  await action();
}

export async function reviewLinks(ids: number[], verdict: 'approve' | 'reject'): Promise<void> {
  if (ids.length === 0) return;
  const call = verdict === 'approve' ? adminApi.approveLinks : adminApi.rejectLinks;
  const done = await adminAction(`links:${ids.join(',')}`, () => call(ids), verdict === 'approve' ? text.approved : text.rejected);
  if (done === undefined) return;
  $linkSelection.set({ ids: $linkSelection.get().ids.filter((id) => !ids.includes(id)) });
  await linkTable.reload();
}

/* ---- 用户 ---- */

export const userTable = pagedTable<AdminUser, string>('', (keyword, current, size) => adminApi.users(keyword, current, size));

function replaceUser(user: AdminUser): void {
  const { $table } = userTable;
  $table.setKey('list', $table.get().list.map((known) => (known.id === user.id ? user : known)));
}

export async function setUserDisabled(id: number, disabled: boolean): Promise<void> {
  const user = await adminAction(`user:${id}`, () => adminApi.setDisabled(id, disabled), disabled ? text.userDisabled : text.userEnabled);
  if (user) replaceUser(user);
}

export async function setUserRole(id: number, role: RoleCode): Promise<void> {
  const user = await adminAction(`user:${id}`, () => adminApi.setRole(id, role), text.roleChanged);
  if (user) replaceUser(user);
}

/** The one-time reset link last made, for the owner to pass on (shown until another is made or the screen is left). */
export const $resetLink = atom<{ userId: number; username: string; url: string } | null>(null);

export async function makeResetLink(user: Pick<AdminUser, 'id' | 'username'>): Promise<void> {
  const link = await adminAction(`user:${user.id}`, () => adminApi.resetLink(user.id), text.resetLinkMade);
  if (link) $resetLink.set({ userId: user.id, username: user.username, url: link.url });
}
