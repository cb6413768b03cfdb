/** The message board's calls. */
import type { Page } from '../contract/envelope';
import type { BoardMessage, HotTag, MessageChanges, MessageDraft } from '../contract/messages';
import { MESSAGE_ADD, MESSAGE_GET, MESSAGE_HOT_TAGS, MESSAGE_LIKE, MESSAGE_LIST, MESSAGE_REMOVE, MESSAGE_UNLIKE, MESSAGE_UPDATE } from '../contract/paths';
import { fillPath } from '../lib/shared/paths';
import { http } from './api';

export const boardApi = {
  messages: (current: number, size: number, tag?: string) => http.post<Page<BoardMessage>>(MESSAGE_LIST, { current, size, tag: tag || undefined }),
  message: (id: number) => http.get<BoardMessage>(fillPath(MESSAGE_GET, { id })),
  hotTags: () => http.get<HotTag[]>(MESSAGE_HOT_TAGS),
  addMessage: (draft: MessageDraft) => http.post<BoardMessage>(MESSAGE_ADD, draft),
  updateMessage: (changes: MessageChanges) => http.post<BoardMessage>(MESSAGE_UPDATE, changes),
  deleteMessages: (idList: number[]) => http.put<boolean>(MESSAGE_REMOVE, { idList }),
  likeMessage: (id: number) => http.put<number>(fillPath(MESSAGE_LIKE, { id })),
  unlikeMessage: (id: number) => http.put<number>(fillPath(MESSAGE_UNLIKE, { id })),
};
