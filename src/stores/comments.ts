/**
 * The comments of the page being read: roots page by page in the chosen order, each root's
 * replies when opened, and the reader's unsent drafts, which outlive a failed send and a
 * navigation within the tab.
 */
import { map } from 'nanostores';
import { api } from '../client/api';
import type { GuestFields } from '../contract/commentRules';
import type { CommentOrder, CommentTargetCode, ReplyComment, RootComment } from '../contract/comments';
import { t } from '../i18n/zh-CN';
import { commentContentProblem } from '../lib/text';
import { RequestError } from '../lib/request';
import { guestFields } from './commentGuest';
import { showToast } from './toast';
import { $isLoggedIn } from './user';

export const COMMENT_PAGE_SIZE = 10;
export const REPLY_PAGE_SIZE = 5;

export interface Thread {
  replies: ReplyComment[];
  current: number;
  loading: boolean;
}

export interface CommentsState {
  /** `type:for_id` of the target, or '' before a section opens. */
  key: string;
  type: CommentTargetCode;
  forId: number;
  order: CommentOrder;
  roots: RootComment[];
  current: number;
  total: number;
  loading: boolean;
  failed: boolean;
  /** By root id; present once the reader opened its replies. */
  threads: Record<number, Thread>;
}

const EMPTY: CommentsState = { key: '', type: 1, forId: 0, order: 'new', roots: [], current: 0, total: 0, loading: false, failed: false, threads: {} };

export const $comments = map<CommentsState>({ ...EMPTY });
/** Unsent text by `type:for_id` (a new comment) or `type:for_id:rootId` (a reply in that thread). */
export const $drafts = map<Record<string, string>>({});

const targetKey = (type: CommentTargetCode, forId: number) => `${type}:${forId}`;
export const draftKey = (rootId?: number) => ($comments.get().key ? `${$comments.get().key}${rootId ? `:${rootId}` : ''}` : '');

export function setDraft(key: string, text: string): void {
  $drafts.setKey(key, text);
}

/** What is wrong with a comment's text, or null when it can be sent: the server's own rule. */
export const commentProblem = (text: string) => commentContentProblem(text.trim());

let ticket = 0;

async function loadRoots(current: number): Promise<void> {
  const { type, forId, order, key } = $comments.get();
  const mine = ++ticket;
  $comments.set({ ...$comments.get(), loading: true, failed: false });
  try {
    const { result } = await api.comments(type, forId, current, COMMENT_PAGE_SIZE, order);
    if (mine !== ticket || $comments.get().key !== key || !result) return;
    const state = $comments.get();
    const roots = current === 1 ? result.list : [...state.roots, ...result.list.filter((root) => !state.roots.some((known) => known.id === root.id))];
    $comments.set({ ...state, roots, current, total: result.total, loading: false, failed: false });
  } catch {
    if (mine === ticket) $comments.set({ ...$comments.get(), loading: false, failed: true });
  }
}

/** Shows the comments of a target; coming back to the same one keeps what was loaded. */
export function openComments(type: CommentTargetCode, forId: number): Promise<void> {
  const key = targetKey(type, forId);
  if ($comments.get().key === key && !$comments.get().failed) return Promise.resolve();
  $comments.set({ ...EMPTY, key, type, forId });
  return loadRoots(1);
}

export function setOrder(order: CommentOrder): Promise<void> {
  if ($comments.get().order === order) return Promise.resolve();
  $comments.set({ ...$comments.get(), order, roots: [], current: 0, threads: {} });
  return loadRoots(1);
}

export function loadMoreComments(): Promise<void> {
  const { loading, failed, roots, total, current } = $comments.get();
  if (loading) return Promise.resolve();
  if (failed) return loadRoots(Math.max(1, current + (roots.length ? 1 : 0)));
  return roots.length < total ? loadRoots(current + 1) : Promise.resolve();
}

function setThread(rootId: number, thread: Thread): void {
  $comments.setKey('threads', { ...$comments.get().threads, [rootId]: thread });
}

/** The next page of a root's replies (the first when the thread is opened). */
export async function loadReplies(rootId: number): Promise<void> {
  const before = $comments.get().threads[rootId] ?? { replies: [], current: 0, loading: false };
  if (before.loading) return;
  setThread(rootId, { ...before, loading: true });
  try {
    const { result } = await api.replies(rootId, before.current + 1, REPLY_PAGE_SIZE);
    const now = $comments.get().threads[rootId] ?? before;
    const fresh = (result?.list ?? []).filter((reply) => !now.replies.some((known) => known.id === reply.id));
    setThread(rootId, { replies: [...now.replies, ...fresh], current: before.current + 1, loading: false });
  } catch {
    setThread(rootId, { ...before, loading: false });
  }
}

/** The server's message for a refused send, for the input to show beside the kept draft. */
function refusal(error: unknown): string {
  if (error instanceof RequestError && error.noticed) return t.comments.sendFailed;
  return error instanceof RequestError && error.body?.message ? error.body.message : t.comments.sendFailed;
}

/** Who is writing, for a send: nothing to add for an account; a guest's fields, or what is wrong with them. */
function writer(): { guest?: GuestFields; problem?: string } {
  if ($isLoggedIn.get()) return {};
  const checked = guestFields();
  return 'problem' in checked ? { problem: checked.problem } : { guest: checked.fields };
}

const sentToast = (comment: { held?: true }) => showToast(comment.held ? t.comments.heldSent : t.comments.sent);

/** Sends a new comment; the draft is cleared only once the server has it. Answers an error to show, or null. */
export async function sendComment(): Promise<string | null> {
  const { type, forId } = $comments.get();
  const key = draftKey();
  const text = $drafts.get()[key] ?? '';
  const { guest, problem } = writer();
  const contentProblem = commentProblem(text);
  if (contentProblem || problem) return contentProblem ?? problem!;
  try {
    const { result } = await api.addComment({ type, for_id: forId, content: text.trim(), ...guest });
    setDraft(key, '');
    const state = $comments.get();
    if (result && state.key === key) {
      // Newest first shows it at the top at once; in the hot order it waits for its likes.
      const roots = state.order === 'new' ? [result, ...state.roots] : state.roots;
      $comments.set({ ...state, roots, total: state.total + 1 });
    }
    if (result) sentToast(result);
    return null;
  } catch (error) {
    return refusal(error);
  }
}

/** Whom a reply answers: an account by its id, or a guest (id 0) by the comment they wrote. */
export interface Addressee {
  id: number;
  name: string;
  commentId: number;
}

/** Replies under `root` to `to` (the root's author or someone in the thread). */
export async function sendReply(root: RootComment, to: Addressee): Promise<string | null> {
  const { type, forId } = $comments.get();
  const key = draftKey(root.id);
  const text = $drafts.get()[key] ?? '';
  const { guest, problem } = writer();
  const contentProblem = commentProblem(text);
  if (contentProblem || problem) return contentProblem ?? problem!;
  try {
    const parent = to.id === 0 ? to.commentId : root.id;
    const { result } = await api.reply({ type, for_id: forId, parent_id: parent, to_id: to.id, content: text.trim(), ...guest });
    setDraft(key, '');
    if (result) {
      const state = $comments.get();
      const thread = state.threads[root.id] ?? { replies: [], current: 0, loading: false };
      $comments.set({
        ...state,
        roots: state.roots.map((one) => (one.id === root.id ? { ...one, childrenCount: one.childrenCount + 1 } : one)),
        threads: { ...state.threads, [root.id]: { ...thread, replies: [...thread.replies, result] } },
      });
      sentToast(result);
    }
    return null;
  } catch (error) {
    return refusal(error);
  }
}

function updateComment(id: number, change: (comment: RootComment | ReplyComment) => Partial<RootComment>): void {
  const state = $comments.get();
  const apply = <C extends RootComment | ReplyComment>(comment: C): C => (comment.id === id ? { ...comment, ...change(comment) } : comment);
  const threads = Object.fromEntries(Object.entries(state.threads).map(([root, thread]) => [root, { ...thread, replies: thread.replies.map(apply) }]));
  $comments.set({ ...state, roots: state.roots.map(apply), threads });
}

const liking = new Set<number>();

/** Likes or unlikes at once on screen, then settles on the server's count. */
export async function toggleCommentLike(comment: RootComment | ReplyComment): Promise<void> {
  if (liking.has(comment.id)) return;
  liking.add(comment.id);
  const wasLiked = comment.is_like;
  updateComment(comment.id, (c) => ({ is_like: !wasLiked, thumbs_up: Math.max(0, c.thumbs_up + (wasLiked ? -1 : 1)) }));
  try {
    const { result } = wasLiked ? await api.unlikeComment(comment.id) : await api.likeComment(comment.id);
    updateComment(comment.id, (c) => ({ is_like: !wasLiked, thumbs_up: result ?? c.thumbs_up }));
  } catch {
    updateComment(comment.id, () => ({ is_like: wasLiked, thumbs_up: comment.thumbs_up }));
  } finally {
    liking.delete(comment.id);
  }
}

/** Deletes a root with its replies, or one reply. */
export async function removeComment(comment: RootComment | ReplyComment, rootId: number | null): Promise<void> {
  try {
    await api.deleteComment(comment.id, rootId);
    const state = $comments.get();
    if (rootId === null) {
      const { [comment.id]: _gone, ...threads } = state.threads;
      $comments.set({ ...state, roots: state.roots.filter((one) => one.id !== comment.id), total: Math.max(0, state.total - 1), threads });
    } else {
      const thread = state.threads[rootId];
      $comments.set({
        ...state,
        roots: state.roots.map((one) => (one.id === rootId ? { ...one, childrenCount: Math.max(0, one.childrenCount - 1) } : one)),
        threads: thread ? { ...state.threads, [rootId]: { ...thread, replies: thread.replies.filter((one) => one.id !== comment.id) } } : state.threads,
      });
    }
    showToast(t.comments.removed);
  } catch (error) {
    if (!(error instanceof RequestError && error.noticed)) showToast(refusal(error), 'error');
  }
}
