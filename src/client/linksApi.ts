/** The download pages' calls: the approved list, applying, and one's own applications. */
import type { Page } from '../contract/envelope';
import type { LinkDraft, LinkItem, LinkUpdate } from '../contract/links';
import { LINK_ADD, LINK_LIST, LINK_MINE, LINK_UPDATE } from '../contract/paths';
import { http } from './api';

export const linksApi = {
  approved: (current: number, size: number) => http.post<Page<LinkItem>>(LINK_LIST, { current, size }),
  mine: () => http.get<LinkItem[]>(LINK_MINE),
  add: (draft: LinkDraft) => http.post<LinkItem>(LINK_ADD, draft),
  update: (changes: LinkUpdate) => http.post<LinkItem>(LINK_UPDATE, changes),
};
