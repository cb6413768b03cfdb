/** The talks page's calls. */
import type { Page } from '../contract/envelope';
import type { Talk } from '../contract/talks';
import { TALK_LIKE, TALK_LIST, TALK_UNLIKE } from '../contract/paths';
import { fillPath } from '../lib/shared/paths';
import { http } from './api';

export const talkApi = {
  talks: (current: number, size: number) => http.post<Page<Talk>>(TALK_LIST, { current, size }),
  likeTalk: (id: number) => http.put<number>(fillPath(TALK_LIKE, { id })),
  unlikeTalk: (id: number) => http.put<number>(fillPath(TALK_UNLIKE, { id })),
};
