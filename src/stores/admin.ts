/**
 * The admin console's screens for the site's content and people: the dashboard, moderation of
 * comments and posts, download applications, and users. Sales are in adminSales.ts.
 */
import { atom, map } from 'nanostores';
import { call } from '../client/api';
import {
  ADMIN_APPROVE_COMMENTS,
  ADMIN_COMMENT_RULES,
  ADMIN_COMMENTS,
  ADMIN_DASHBOARD,
  ADMIN_DISABLE_USER,
  ADMIN_HIDE_COMMENT,
  ADMIN_HIDE_COMMENTS,
  ADMIN_HIDE_MESSAGE,
  ADMIN_LINKS,
  ADMIN_MESSAGES,
  ADMIN_REMOVE_COMMENT,
  ADMIN_REMOVE_COMMENTS,
  ADMIN_REMOVE_MESSAGE,
  ADMIN_RESET_LINK,
  ADMIN_SET_COMMENT_RULES,
  ADMIN_SET_ROLE,
  ADMIN_USERS,
  LINK_APPROVE,
  LINK_REJECT,
} from '../contract/routes';
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
    const { result } = await call(ADMIN_DASHBOARD);
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

export const commentTable = pagedTable<AdminComment, ModerationFilter>(
  NO_FILTER,
  ({ keyword, status }, current, size) => call(ADMIN_COMMENTS, { keyword, status, current, size }),
);
export const messageTable = pagedTable<AdminMessage, ModerationFilter>(NO_FILTER, ({ keyword }, current, size) =>
  call(ADMIN_MESSAGES, { keyword, current, size }),
);
export const commentSelection = tableSelection(commentTable);

export type ModerationKind = 'comment' | 'message';

const moderated = {
  comment: { table: commentTable, hide: ADMIN_HIDE_COMMENT, remove: ADMIN_REMOVE_COMMENT },
  message: { table: messageTable, hide: ADMIN_HIDE_MESSAGE, remove: ADMIN_REMOVE_MESSAGE },
};

export async function setHidden(kind: ModerationKind, id: number, hidden: boolean): Promise<void> {
  const { table, hide } = moderated[kind];
  const done = await adminAction(
    `${kind}:${id}`,
    () => call(hide, { id, hidden }),
    hidden ? text.hiddenDone : text.shownDone,
  );
  if (done !== undefined) await table.reload();
}

export async function removeModerated(kind: ModerationKind, id: number): Promise<void> {
  const { table, remove } = moderated[kind];
  const done = await adminAction(`${kind}:${id}`, () => call(remove, { id }), text.removed);
  if (done !== undefined) await table.reload();
}

export type BulkCommentAction = 'approve' | 'hide' | 'show' | 'delete';

const bulkCalls: Record<BulkCommentAction, (ids: number[]) => Promise<Envelope<number>>> = {
  approve: (idList) => call(ADMIN_APPROVE_COMMENTS, { idList }),
  hide: (idList) => call(ADMIN_HIDE_COMMENTS, { idList, hidden: true }),
  show: (idList) => call(ADMIN_HIDE_COMMENTS, { idList, hidden: false }),
  delete: (idList) => call(ADMIN_REMOVE_COMMENTS, { idList }),
};

/** Approves, hides, shows or deletes comments, ticked together or one from its row. */
export async function moderateComments(ids: number[], action: BulkCommentAction): Promise<void> {
  if (ids.length === 0) return;
  const done = await adminAction(
    `comments:${ids.join(',')}`,
    () => bulkCalls[action](ids),
    (count) => text.bulkDone[action](count),
  );
  if (done === undefined) return;
  commentSelection.drop(ids);
  await commentTable.reload();
}

/** The owner's comment rules as saved; null until read. */
export const $commentRules = map<{ rules: CommentRules | null; failed: boolean }>({ rules: null, failed: false });

export async function loadCommentRules(): Promise<void> {
  try {
    const { result } = await call(ADMIN_COMMENT_RULES);
    $commentRules.set({ rules: result ?? null, failed: false });
  } catch {
    $commentRules.set({ ...$commentRules.get(), failed: true });
  }
}

/** Saves the rules; answers whether they were taken (a refusal shows on the screen). */
export async function saveCommentRules(rules: CommentRules): Promise<boolean> {
  const saved = await adminAction('commentRules', () => call(ADMIN_SET_COMMENT_RULES, rules), text.rulesSaved);
  if (saved) $commentRules.set({ rules: saved, failed: false });
  return saved !== undefined;
}

/* ---- 下载申请 ---- */

/** The status shown, or null for every application. */
export const linkTable = pagedTable<LinkItem, LinkStatusCode | null>(1, (status, current, size) =>
  call(ADMIN_LINKS, { status: status ?? undefined, current, size }),
);
export const linkSelection = tableSelection(linkTable);

export async function reviewLinks(ids: number[], verdict: 'approve' | 'reject'): Promise<void> {
  if (ids.length === 0) return;
  const route = verdict === 'approve' ? LINK_APPROVE : LINK_REJECT;
  const done = await adminAction(
    `links:${ids.join(',')}`,
    () => call(route, { idList: ids }),
    verdict === 'approve' ? text.approved : text.rejected,
  );
  if (done === undefined) return;
  linkSelection.drop(ids);
  await linkTable.reload();
}

/* ---- 用户 ---- */

export const userTable = pagedTable<AdminUser, string>('', (keyword, current, size) =>
  call(ADMIN_USERS, { keyword, current, size }),
);

function replaceUser(user: AdminUser): void {
  const { $list } = userTable;
  $list.setKey(
    'list',
    $list.get().list.map((known) => (known.id === user.id ? user : known)),
  );
}

/** `hideWriting`: on disabling, every comment and post they wrote goes out of view too. */
export async function setUserDisabled(id: number, disabled: boolean, hideWriting = false): Promise<void> {
  const done = disabled ? (hideWriting ? text.userDisabledHidden : text.userDisabled) : text.userEnabled;
  const user = await adminAction(
    `user:${id}`,
    () => call(ADMIN_DISABLE_USER, { id, disabled, hide_writing: hideWriting }),
    done,
  );
  if (user) replaceUser(user);
}

export async function setUserRole(id: number, role: RoleCode): Promise<void> {
  const user = await adminAction(`user:${id}`, () => call(ADMIN_SET_ROLE, { id, role }), text.roleChanged);
  if (user) replaceUser(user);
}

/** The one-time reset link last made, for the owner to pass on (shown until another is made or the screen is left). */
export const $resetLink = atom<{ userId: number; username: string; url: string } | null>(null);

export async function makeResetLink(user: Pick<AdminUser, 'id' | 'username'>): Promise<void> {
  const link = await adminAction(`user:${user.id}`, () => call(ADMIN_RESET_LINK, { id: user.id }), text.resetLinkMade);
  if (link) $resetLink.set({ userId: user.id, username: user.username, url: link.url });
}
