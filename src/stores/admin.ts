/**
 * The admin console's screens for the site's content and people: the dashboard, moderation of
 * comments and posts, download applications, and users. Sales are in adminSales.ts.
 */
import { atom, map } from 'nanostores';
import { adminApi } from '../client/adminApi';
import type { AdminComment, AdminCommentStatus, AdminMessage, AdminUser, Dashboard } from '../contract/admin';
import type { CommentRules } from '../contract/commentRules';
import type { Envelope } from '../contract/envelope';
import type { LinkItem, LinkStatusCode } from '../contract/links';
import type { RoleCode } from '../contract/users';
import { adminText } from '../i18n/admin.zh-CN';
import { adminAction, pagedTable, tableSelection } from './adminTable';

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

/** A moderation tab's filter; posts have no status to filter by, and keep `all`. */
export interface ModerationFilter {
  keyword: string;
  status: AdminCommentStatus;
}

const NO_FILTER: ModerationFilter = { keyword: '', status: 'all' };

export const commentTable = pagedTable<AdminComment, ModerationFilter>(NO_FILTER, ({ keyword, status }, current, size) => adminApi.comments(keyword, status, current, size));
export const messageTable = pagedTable<AdminMessage, ModerationFilter>(NO_FILTER, ({ keyword }, current, size) => adminApi.messages(keyword, current, size));
export const commentSelection = tableSelection(commentTable);

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

export type BulkCommentAction = 'approve' | 'hide' | 'show' | 'delete';

const bulkCalls: Record<BulkCommentAction, (ids: number[]) => Promise<Envelope<number>>> = {
  approve: adminApi.approveComments,
  hide: (ids) => adminApi.hideComments(ids, true),
  show: (ids) => adminApi.hideComments(ids, false),
  delete: adminApi.deleteComments,
};

/** Approves, hides, shows or deletes comments, ticked together or one from its row. */
export async function moderateComments(ids: number[], action: BulkCommentAction): Promise<void> {
  if (ids.length === 0) return;
  const done = await adminAction(`comments:${ids.join(',')}`, () => bulkCalls[action](ids), (count) => text.bulkDone[action](count));
  if (done === undefined) return;
  commentSelection.drop(ids);
  await commentTable.reload();
}

/** The owner's comment rules as saved; null until read. */
export const $commentRules = map<{ rules: CommentRules | null; failed: boolean }>({ rules: null, failed: false });

export async function loadCommentRules(): Promise<void> {
  try {
    const { result } = await adminApi.commentRules();
    $commentRules.set({ rules: result ?? null, failed: false });
  } catch {
    $commentRules.set({ ...$commentRules.get(), failed: true });
  }
}

/** Saves the rules; answers whether they were taken (a refusal shows on the screen). */
export async function saveCommentRules(rules: CommentRules): Promise<boolean> {
  const saved = await adminAction('commentRules', () => adminApi.saveCommentRules(rules), text.rulesSaved);
  if (saved) $commentRules.set({ rules: saved, failed: false });
  return saved !== undefined;
}

/* ---- 下载申请 ---- */

/** The status shown, or null for every application. */
export const linkTable = pagedTable<LinkItem, LinkStatusCode | null>(1, (status, current, size) => adminApi.links(status, current, size));
export const linkSelection = tableSelection(linkTable);

export async function reviewLinks(ids: number[], verdict: 'approve' | 'reject'): Promise<void> {
  if (ids.length === 0) return;
  const call = verdict === 'approve' ? adminApi.approveLinks : adminApi.rejectLinks;
  const done = await adminAction(`links:${ids.join(',')}`, () => call(ids), verdict === 'approve' ? text.approved : text.rejected);
  if (done === undefined) return;
  linkSelection.drop(ids);
  await linkTable.reload();
}

/* ---- 用户 ---- */

export const userTable = pagedTable<AdminUser, string>('', (keyword, current, size) => adminApi.users(keyword, current, size));

function replaceUser(user: AdminUser): void {
  const { $list } = userTable;
  $list.setKey('list', $list.get().list.map((known) => (known.id === user.id ? user : known)));
}

/** `hideWriting`: on disabling, every comment and post they wrote goes out of view too. */
export async function setUserDisabled(id: number, disabled: boolean, hideWriting = false): Promise<void> {
  const done = disabled ? (hideWriting ? text.userDisabledHidden : text.userDisabled) : text.userEnabled;
  const user = await adminAction(`user:${id}`, () => adminApi.setDisabled(id, disabled, hideWriting), done);
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
