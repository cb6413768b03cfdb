/**
 * The message board as the reader left it: the chosen tag, the pages loaded and the scroll
 * position. It lives for the tab, so going to a message and back shows the same list at the same place.
 */
import { atom } from 'nanostores';
import { call } from '../client/api';
import { MESSAGE_HOT_TAGS, MESSAGE_LIKE, MESSAGE_LIST, MESSAGE_REMOVE, MESSAGE_UNLIKE } from '../contract/routes';
import type { BoardMessage, HotTag } from '../contract/messages';
import { t } from '../i18n/zh-CN';
import { likeToggle } from './likes';
import { pagedList } from './pagedList';
import { showRefusal, showToast } from './toast';

export const BOARD_PAGE_SIZE = 12;

/**
 * The messages under the chosen tag (the filter; '' for all). `loaded` is false until the first page
 * arrived, and again after a message was published, changed or deleted: the next visit reads the list again.
 */
const messages = pagedList<BoardMessage, string>('', {
  size: BOARD_PAGE_SIZE,
  read: (tag, current, size) => call(MESSAGE_LIST, { current, size, tag: tag || undefined }),
});
export const $board = messages.$list;
export const $hotTags = atom<HotTag[]>([]);
/** Where the reader was when they left the list. */
export const $boardScroll = atom(0);

async function loadHotTags(): Promise<void> {
  try {
    const { result } = await call(MESSAGE_HOT_TAGS);
    $hotTags.set(result ?? []);
  } catch {
    // The list works without its tag filter.
  }
}

/** Shows the board: as it was left when it was loaded before, else from the first page. */
export async function openBoard(): Promise<void> {
  if ($board.get().loaded) return;
  $boardScroll.set(0);
  await Promise.all([messages.refresh(), loadHotTags()]);
}

export function chooseTag(tag: string): Promise<void> {
  if ($board.get().filter === tag) return Promise.resolve();
  $boardScroll.set(0);
  return messages.open(tag).then(() => {});
}

export const loadMoreMessages = () => messages.more();

export function rememberScroll(y: number): void {
  $boardScroll.set(y);
}

/** After a message is published, changed or deleted, the next visit loads the list again. */
export function boardChanged(): void {
  $board.setKey('loaded', false);
}

const toggleLike = likeToggle(
  { like: (id) => call(MESSAGE_LIKE, { id }), unlike: (id) => call(MESSAGE_UNLIKE, { id }) },
  (id, { liked, likes }) =>
    messages.edit((list) =>
      list.map((message) => (message.id === id ? { ...message, is_like: liked, like_times: likes } : message)),
    ),
);

/** Likes or unlikes a message (likes.ts says how). Answers the message as it ends. */
export async function toggleMessageLike(message: BoardMessage): Promise<BoardMessage> {
  const { liked, likes } = await toggleLike(message.id, { liked: message.is_like, likes: message.like_times });
  return { ...message, is_like: liked, like_times: likes };
}

/** Deletes one's own message (an admin: anyone's). True once it is gone. */
export async function removeMessage(id: number): Promise<boolean> {
  try {
    await call(MESSAGE_REMOVE, { idList: [id] });
    messages.edit((list) => list.filter((message) => message.id !== id), -1);
    void loadHotTags();
    showToast(t.board.removed);
    return true;
  } catch (error) {
    showRefusal(error, t.board.failed);
    return false;
  }
}
