/**
 * The message board as the reader left it: the chosen tag, the pages loaded and the scroll
 * position. It lives for the tab, so going to a post and back shows the same list at the same place.
 */
import { map } from 'nanostores';
import { api } from '../client/api';
import type { BoardMessage, HotTag } from '../contract/messages';
import { t } from '../i18n/zh-CN';
import { RequestError } from '../lib/request';
import { showToast } from './toast';

export const BOARD_PAGE_SIZE = 12;

export interface BoardState {
  tag: string;
  posts: BoardMessage[];
  current: number;
  total: number;
  loading: boolean;
  failed: boolean;
  /** False until the first page arrived, and again after a post was published or changed. */
  fresh: boolean;
  hotTags: HotTag[];
  /** Where the reader was when they left the list. */
  scrollY: number;
}

const EMPTY: BoardState = { tag: '', posts: [], current: 0, total: 0, loading: false, failed: false, fresh: false, hotTags: [], scrollY: 0 };

export const $board = map<BoardState>({ ...EMPTY });

let ticket = 0;

async function loadPage(current: number): Promise<void> {
  const { tag } = $board.get();
  const mine = ++ticket;
  $board.set({ ...$board.get(), loading: true, failed: false });
  try {
    const { result } = await api.messages(current, BOARD_PAGE_SIZE, tag);
    if (mine !== ticket || !result) return;
    const state = $board.get();
    const posts = current === 1 ? result.list : [...state.posts, ...result.list.filter((post) => !state.posts.some((known) => known.id === post.id))];
    $board.set({ ...state, posts, current, total: result.total, loading: false, failed: false, fresh: true });
  } catch {
    if (mine === ticket) $board.set({ ...$board.get(), loading: false, failed: true });
  }
}

async function loadHotTags(): Promise<void> {
  try {
    const { result } = await api.hotTags();
    $board.setKey('hotTags', result ?? []);
  } catch {
    // The list works without its tag filter.
  }
}

/** Shows the board: as it was left when it was loaded before, else from the first page. */
export function openBoard(): Promise<void> {
  if ($board.get().fresh) return Promise.resolve();
  $board.set({ ...$board.get(), scrollY: 0 });
  return Promise.all([loadPage(1), loadHotTags()]).then(() => {});
}

export function chooseTag(tag: string): Promise<void> {
  if ($board.get().tag === tag) return Promise.resolve();
  $board.set({ ...$board.get(), tag, posts: [], current: 0, total: 0, scrollY: 0 });
  return loadPage(1);
}

export function loadMorePosts(): Promise<void> {
  const { loading, failed, posts, total, current } = $board.get();
  if (loading) return Promise.resolve();
  if (failed) return loadPage(Math.max(1, current + (posts.length ? 1 : 0)));
  return posts.length < total ? loadPage(current + 1) : Promise.resolve();
}

export function rememberScroll(y: number): void {
  $board.setKey('scrollY', y);
}

/** After a post is published, changed or deleted, the next visit loads the list again. */
export function boardChanged(): void {
  $board.set({ ...$board.get(), fresh: false });
}

function replacePost(id: number, change: (post: BoardMessage) => BoardMessage): void {
  $board.setKey('posts', $board.get().posts.map((post) => (post.id === id ? change(post) : post)));
}

const liking = new Set<number>();

/** Likes or unlikes at once on screen, then settles on the server's count. Answers the post as it ends. */
export async function togglePostLike(post: BoardMessage): Promise<BoardMessage> {
  if (liking.has(post.id)) return post;
  liking.add(post.id);
  const wasLiked = post.is_like;
  const optimistic = { ...post, is_like: !wasLiked, like_times: Math.max(0, post.like_times + (wasLiked ? -1 : 1)) };
  replacePost(post.id, () => optimistic);
  try {
    const { result } = wasLiked ? await api.unlikeMessage(post.id) : await api.likeMessage(post.id);
    const settled = { ...optimistic, like_times: result ?? optimistic.like_times };
    replacePost(post.id, () => settled);
    return settled;
  } catch {
    replacePost(post.id, () => post);
    return post;
  } finally {
    liking.delete(post.id);
  }
}

/** Deletes one's own post (an admin: anyone's). True once it is gone. */
export async function deletePost(id: number): Promise<boolean> {
  try {
    await api.deleteMessages([id]);
    const state = $board.get();
    $board.set({ ...state, posts: state.posts.filter((post) => post.id !== id), total: Math.max(0, state.total - 1) });
    void loadHotTags();
    showToast(t.board.removed);
    return true;
  } catch (error) {
    if (!(error instanceof RequestError && error.noticed)) showToast(error instanceof RequestError && error.body?.message ? error.body.message : t.board.failed, 'error');
    return false;
  }
}
