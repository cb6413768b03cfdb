/** The download pages' calls: the approved list, applying, and one's own applications. */
import type { Page } from '../contract/envelope';
import type { LinkDraft, LinkItem, LinkUpdate } from '../contract/links';
import { http } from './api';

export const linksApi = {
  approved: (current: number, size: number) => http.post<Page<LinkItem>>('/api/links/getLinksList', { current, size }),
  mine: () => http.get<LinkItem[]>('/api/links/mine'),
  add: (draft: LinkDraft) => http.post<LinkItem>('/api/links/add', draft),
  update: (changes: LinkUpdate) => http.post<LinkItem>('/api/links/frontUpdate', changes),
};
