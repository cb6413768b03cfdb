/**
 * The message board as the reader left it: the chosen tag, the pages loaded and the scroll
 * position. It lives for the tab, so going to a post and back shows the same list at the same place.
 */
import { atom } from 'nanostores';
import { api } from '../client/api';
import type { BoardMessage, HotTag } from '../contract/messages';
import { t } from '../i18n/zh-CN';
import { likeToggle } from './likes';
import { pagedList } from './pagedList';
import { showRefusal, showToast } from './toast';

export const BOARD_PAGE_SIZE = 12;

/**
 * The posts under the chosen tag (the filter; '' for all). `loaded` is false until the first page
 * arrived, and again after a post was published, changed or deleted: the next visit reads the list again.
 */
const posts = pagedList<BoardMessage, string>('', { size: BOARD_PAGE_SIZE, read: (tag, current, size) => api.messages(current, size, tag) });
export const $board = posts.$list;
export const $hotTags = atom<HotTag[]>([]);
/** Where the reader was when they left the list. */
export const $boardScroll = atom(0);

async function loadHotTags(): Promise<void> {
  try {
    const { result } = await api.hotTags();
    $hotTags.set(result ?? []);
  } catch {
    // The list works without its tag filter.
  }
}

/** Shows the board: as it was left when it was loaded before, else from the first page. */
export async function openBoard(): Promise<void> {
  if ($board.get().loaded) return;
  $boardScroll.set(0);
  await Promise.all([posts.refresh(), loadHotTags()]);
}

export function chooseTag(tag: string): Promise<void> {
  if ($board.get().filter === tag) return Promise.resolve();
  $boardScroll.set(0);
  return posts.open(tag).then(() => {});
}

export const loadMoreMessages = () => posts.more();

export function rememberScroll(y: number): void {
  $boardScroll.set(y);
}

/** After a post is published, changed or deleted, the next visit loads the list again. */
export function boardChanged(): void {
  $board.setKey('loaded', false);
}

const toggleLike = likeToggle({ like: api.likeMessage, unlike: api.unlikeMessage }, (id, { liked, likes }) =>
  posts.edit((list) => list.map((post) => (post.id === id ? { ...post, is_like: liked, like_times: likes } : post))),
);

/** Likes or unlikes a post (likes.ts says how). Answers the post as it ends. */
export async function toggleMessageLike(post: BoardMessage): Promise<BoardMessage> {
  const { liked, likes } = await toggleLike(post.id, { liked: post.is_like, likes: post.like_times });
  return { ...post, is_like: liked, like_times: likes };
}

/** Deletes one's own post (an admin: anyone's). True once it is gone. */
export async function removeMessage(id: number): Promise<boolean> {
  try {
    await api.deleteMessages([id]);
    posts.edit((list) => list.filter((post) => post.id !== id), -1);
    void loadHotTags();
    showToast(t.board.removed);
    return true;
  } catch (error) {
    showRefusal(error, t.board.failed);
    return false;
  }
}
