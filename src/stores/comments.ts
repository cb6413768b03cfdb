/**
 * The comments of the page being read: roots page by page in the chosen order, each root's
 * replies when opened, and the reader's unsent drafts, which outlive a failed send and a
 * navigation within the tab.
 */
import { map } from 'nanostores';
import { call } from '../client/api';
import {
  COMMENT_ADD,
  COMMENT_LIKE,
  COMMENT_REMOVE,
  COMMENT_REPLIES,
  COMMENT_REPLY,
  COMMENT_ROOTS,
  COMMENT_UNLIKE,
} from '../contract/routes';
import type { GuestFields } from '../contract/commentRules';
import type { CommentOrder, CommentTargetCode, ReplyComment, RootComment } from '../contract/comments';
import { t } from '../i18n/zh-CN';
import { commentContentProblem } from '../lib/shared/text';
import { refusalOf } from '../lib/browser/request';
import { guestFields } from './commentGuest';
import { likeToggle } from './likes';
import { pagedList } from './pagedList';
import { showRefusal, showToast } from './toast';
import { $isLoggedIn } from './user';

export const COMMENT_PAGE_SIZE = 10;
export const REPLY_PAGE_SIZE = 5;

export interface Thread {
  replies: ReplyComment[];
  current: number;
  loading: boolean;
}

/** Whose comments are shown, and in which order; `forId` 0 before a section opens. */
export interface CommentTarget {
  type: CommentTargetCode;
  forId: number;
  order: CommentOrder;
}

const roots = pagedList<RootComment, CommentTarget>(
  { type: 1, forId: 0, order: 'new' },
  {
    size: COMMENT_PAGE_SIZE,
    read: ({ type, forId, order }, current, size) => call(COMMENT_ROOTS, { type, for_id: forId, current, size, order }),
  },
);
export const $comments = roots.$list;
/** By root id; present once the reader opened its replies. */
export const $threads = map<Record<number, Thread>>({});
/** Unsent text by `type:for_id` (a new comment) or `type:for_id:rootId` (a reply in that thread). */
export const $drafts = map<Record<string, string>>({});

/** `type:for_id` of the target shown, or '' before a section opens. */
const shownKey = () => {
  const { type, forId } = $comments.get().filter;
  return forId ? `${type}:${forId}` : '';
};
export const draftKey = (rootId?: number) => (shownKey() ? `${shownKey()}${rootId ? `:${rootId}` : ''}` : '');

export function setDraft(key: string, text: string): void {
  $drafts.setKey(key, text);
}

/** What is wrong with a comment's text, or null when it can be sent: the server's own rule. */
export const commentProblem = (text: string) => commentContentProblem(text.trim());

/**
 * Shows the comments of a target. Coming back to the same one shows what was loaded at once, with
 * the pages and the threads the reader opened, and reads those pages again in place: what others
 * wrote meanwhile shows, and so does a comment whose answer was lost on the way.
 */
export function openComments(type: CommentTargetCode, forId: number): Promise<void> {
  const { filter, failed, loaded, loading } = $comments.get();
  if (filter.type === type && filter.forId === forId && !failed)
    return loaded && !loading ? roots.renew().then(() => {}) : Promise.resolve();
  $threads.set({});
  return roots.open({ type, forId, order: 'new' }).then(() => {});
}

export function setOrder(order: CommentOrder): Promise<void> {
  const { filter, total } = $comments.get();
  if (filter.order === order) return Promise.resolve();
  $threads.set({});
  const opened = roots.open({ ...filter, order });
  // The same comments in another order: the count stays while they load.
  $comments.setKey('total', total);
  return opened.then(() => {});
}

export const loadMoreComments = () => roots.more();

function setThread(rootId: number, thread: Thread): void {
  $threads.setKey(rootId, thread);
}

/** The next page of a root's replies (the first when the thread is opened). */
export async function loadReplies(rootId: number): Promise<void> {
  const before = $threads.get()[rootId] ?? { replies: [], current: 0, loading: false };
  if (before.loading) return;
  setThread(rootId, { ...before, loading: true });
  try {
    const { result } = await call(COMMENT_REPLIES, {
      parent_id: rootId,
      current: before.current + 1,
      size: REPLY_PAGE_SIZE,
    });
    const now = $threads.get()[rootId] ?? before;
    const fresh = (result?.list ?? []).filter((reply) => !now.replies.some((known) => known.id === reply.id));
    setThread(rootId, { replies: [...now.replies, ...fresh], current: before.current + 1, loading: false });
  } catch {
    setThread(rootId, { ...before, loading: false });
  }
}

/** The server's reason for a refused send, for the input to show beside the kept draft. */
const refusal = (error: unknown) => refusalOf(error, t.comments.sendFailed).message;

/**
 * The draft under `key` as it is sent, with who is writing (nothing to add for an account; a
 * guest's fields); or the first thing wrong with the text or with the guest's fields.
 */
function outgoing(key: string): { content: string; guest?: GuestFields } | { problem: string } {
  const text = $drafts.get()[key] ?? '';
  const contentProblem = commentProblem(text);
  if (contentProblem) return { problem: contentProblem };
  if ($isLoggedIn.get()) return { content: text.trim() };
  const checked = guestFields();
  return 'problem' in checked ? checked : { content: text.trim(), guest: checked.fields };
}

const sentToast = (comment: { held?: true }) => showToast(comment.held ? t.comments.heldSent : t.comments.sent);

/**
 * A resend is answered with the comment already written (docs/api.md §9.1). It is new to the list
 * only if this tab was never answered with it and the list (read again since, perhaps) does not show it.
 */
const answered = new Set<number>();
function firstAnswer(id: number, shown: readonly { id: number }[]): boolean {
  const seen = answered.has(id) || shown.some((one) => one.id === id);
  answered.add(id);
  return !seen;
}

/** Sends a new comment; the draft is cleared only once the server has it. Answers an error to show, or null. */
export async function sendComment(): Promise<string | null> {
  const { type, forId } = $comments.get().filter;
  const key = draftKey();
  const sent = outgoing(key);
  if ('problem' in sent) return sent.problem;
  try {
    const { result } = await call(COMMENT_ADD, { type, for_id: forId, content: sent.content, ...sent.guest });
    setDraft(key, '');
    if (result && shownKey() === key && firstAnswer(result.id, $comments.get().list)) {
      // Newest first shows it at the top at once; in the hot order it waits for its likes.
      const newestFirst = $comments.get().filter.order === 'new';
      roots.edit((list) => (newestFirst ? [result, ...list] : list), 1);
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
  const { type, forId } = $comments.get().filter;
  const key = draftKey(root.id);
  const sent = outgoing(key);
  if ('problem' in sent) return sent.problem;
  try {
    const parent = to.id === 0 ? to.commentId : root.id;
    const { result } = await call(COMMENT_REPLY, {
      type,
      for_id: forId,
      parent_id: parent,
      to_id: to.id,
      content: sent.content,
      ...sent.guest,
    });
    setDraft(key, '');
    if (result) {
      const thread = $threads.get()[root.id] ?? { replies: [], current: 0, loading: false };
      if (firstAnswer(result.id, thread.replies)) {
        roots.edit((list) =>
          list.map((one) => (one.id === root.id ? { ...one, childrenCount: one.childrenCount + 1 } : one)),
        );
        setThread(root.id, { ...thread, replies: [...thread.replies, result] });
      }
      sentToast(result);
    }
    return null;
  } catch (error) {
    return refusal(error);
  }
}

function updateComment(id: number, change: Partial<RootComment & ReplyComment>): void {
  const apply = <C extends RootComment | ReplyComment>(comment: C): C =>
    comment.id === id ? { ...comment, ...change } : comment;
  roots.edit((list) => list.map(apply));
  $threads.set(
    Object.fromEntries(
      Object.entries($threads.get()).map(([root, thread]) => [root, { ...thread, replies: thread.replies.map(apply) }]),
    ),
  );
}

const toggleLike = likeToggle(
  { like: (id) => call(COMMENT_LIKE, { id }), unlike: (id) => call(COMMENT_UNLIKE, { id }) },
  (id, { liked, likes }) => updateComment(id, { is_like: liked, thumbs_up: likes }),
);

/** Likes or unlikes a comment (likes.ts says how). */
export async function toggleCommentLike(comment: RootComment | ReplyComment): Promise<void> {
  await toggleLike(comment.id, { liked: comment.is_like, likes: comment.thumbs_up });
}

/** Deletes a root with its replies, or one reply. */
export async function removeComment(comment: RootComment | ReplyComment, rootId: number | null): Promise<void> {
  try {
    await call(COMMENT_REMOVE, { id: comment.id, parent_id: rootId ?? 0 });
    if (rootId === null) {
      roots.edit((list) => list.filter((one) => one.id !== comment.id), -1);
      const { [comment.id]: _gone, ...threads } = $threads.get();
      $threads.set(threads);
    } else {
      roots.edit((list) =>
        list.map((one) => (one.id === rootId ? { ...one, childrenCount: Math.max(0, one.childrenCount - 1) } : one)),
      );
      const thread = $threads.get()[rootId];
      if (thread) setThread(rootId, { ...thread, replies: thread.replies.filter((one) => one.id !== comment.id) });
    }
    showToast(t.comments.removed);
  } catch (error) {
    showRefusal(error, t.comments.sendFailed);
  }
}
