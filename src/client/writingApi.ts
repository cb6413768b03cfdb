/** The writing console's calls (docs/api.md §11.3). */
import type { Page } from '../contract/envelope';
import type { ArticleFilter, ContentVersionDetail, ContentVersionRow, PublishState, SaveArticleBody, SavePendingBody, SaveTalkBody, Taxonomies, UploadedContentImage, WritingArticle, WritingArticleRow, WritingTalk } from '../contract/writing';
import {
  WRITING_ARTICLE,
  WRITING_ARTICLES,
  WRITING_IMAGE,
  WRITING_PENDING_EDIT,
  WRITING_PREVIEW,
  WRITING_PUBLISH,
  WRITING_RENAME_TAXONOMY,
  WRITING_RESTORE_ARTICLE,
  WRITING_RESTORE_TALK,
  WRITING_RESTORE_VERSION,
  WRITING_TALK,
  WRITING_TALKS,
  WRITING_TAXONOMY,
  WRITING_TRASH_ARTICLE,
  WRITING_TRASH_TALK,
  WRITING_VERSION,
  WRITING_VERSIONS,
  WRITING_WITHDRAW_ARTICLE,
} from '../contract/paths';
import { fillPath, withQuery } from '../lib/shared/paths';
import { http, httpWith } from './api';
import { progressFetch } from './progressFetch';

/** The longest an image upload may take in all. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;


export const writingApi = {
  articles: (status: ArticleFilter, keyword: string, current: number, size: number) =>
    http.get<Page<WritingArticleRow>>(withQuery(WRITING_ARTICLES, { status, keyword, current, size })),
  article: (id: number) => http.get<WritingArticle>(fillPath(WRITING_ARTICLE, { id })),
  create: (body: SaveArticleBody) => http.post<WritingArticle>(WRITING_ARTICLES, body),
  save: (id: number, body: SaveArticleBody) => http.put<WritingArticle>(fillPath(WRITING_ARTICLE, { id }), body),
  trash: (id: number) => http.put<boolean>(fillPath(WRITING_TRASH_ARTICLE, { id })),
  restore: (id: number) => http.put<boolean>(fillPath(WRITING_RESTORE_ARTICLE, { id })),
  destroy: (id: number) => http.del<boolean>(fillPath(WRITING_ARTICLE, { id })),
  withdraw: (id: number) => http.put<WritingArticle>(fillPath(WRITING_WITHDRAW_ARTICLE, { id })),
  savePending: (id: number, body: SavePendingBody) => http.put<WritingArticle>(fillPath(WRITING_PENDING_EDIT, { id }), body),
  dropPending: (id: number) => http.del<WritingArticle>(fillPath(WRITING_PENDING_EDIT, { id })),
  versions: (id: number) => http.get<ContentVersionRow[]>(fillPath(WRITING_VERSIONS, { id })),
  version: (id: number, versionId: number) => http.get<ContentVersionDetail>(fillPath(WRITING_VERSION, { id, versionId })),
  restoreVersion: (id: number, versionId: number) => http.put<WritingArticle>(fillPath(WRITING_RESTORE_VERSION, { id, versionId })),
  preview: (markdown: string, id: number | null) => http.post<{ html: string }>(WRITING_PREVIEW, { markdown, ...(id ? { id } : {}) }),
  /** `onProgress` hears the bytes sent; a photo of 20 MB on a slow line may take minutes, so only a stalled one times out. */
  uploadImage: (file: Blob, use: 'images' | 'covers', onProgress: (loaded: number, total: number) => void = () => {}) => {
    const form = new FormData();
    form.append('file', file, 'image');
    return httpWith(progressFetch(onProgress), UPLOAD_TIMEOUT_MS).post<UploadedContentImage>(`${WRITING_IMAGE}?use=${use}`, form);
  },
  talks: (trashed: boolean) => http.get<WritingTalk[]>(`${WRITING_TALKS}?trashed=${trashed ? 1 : 0}`),
  createTalk: (body: SaveTalkBody) => http.post<WritingTalk>(WRITING_TALKS, body),
  saveTalk: (id: number, body: SaveTalkBody) => http.put<WritingTalk>(fillPath(WRITING_TALK, { id }), body),
  trashTalk: (id: number) => http.put<boolean>(fillPath(WRITING_TRASH_TALK, { id })),
  restoreTalk: (id: number) => http.put<boolean>(fillPath(WRITING_RESTORE_TALK, { id })),
  taxonomy: () => http.get<Taxonomies>(WRITING_TAXONOMY),
  rename: (kind: 'category' | 'tag', from: string, to: string) => http.put<{ changed: number }>(WRITING_RENAME_TAXONOMY, { kind, from, to }),
  // Read in the background while a build runs: a session that ended meanwhile must not take the owner away from their typing.
  publishState: () => http.request<PublishState>('GET', WRITING_PUBLISH, undefined, {}, { quiet401: true }),
  publish: () => http.post<PublishState>(WRITING_PUBLISH),
};
