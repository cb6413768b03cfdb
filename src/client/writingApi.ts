/** The writing console's calls (docs/api.md §11.3). */
import type { Page } from '../contract/envelope';
import type { ArticleFilter, ContentVersionDetail, ContentVersionRow, PublishState, SaveArticleBody, SaveTalkBody, Taxonomies, UploadedContentImage, WritingArticle, WritingArticleRow, WritingTalk } from '../contract/writing';
import { http } from './api';

const base = '/api/admin/writing';

export const writingApi = {
  articles: (status: ArticleFilter, keyword: string, current: number, size: number) =>
    http.get<Page<WritingArticleRow>>(`${base}/articles?${new URLSearchParams({ status, keyword, current: String(current), size: String(size) })}`),
  article: (id: number) => http.get<WritingArticle>(`${base}/articles/${id}`),
  create: (body: SaveArticleBody) => http.post<WritingArticle>(`${base}/articles`, body),
  save: (id: number, body: SaveArticleBody) => http.put<WritingArticle>(`${base}/articles/${id}`, body),
  trash: (id: number) => http.put<boolean>(`${base}/articles/${id}/trash`),
  restore: (id: number) => http.put<boolean>(`${base}/articles/${id}/restore`),
  destroy: (id: number) => http.del<boolean>(`${base}/articles/${id}`),
  versions: (id: number) => http.get<ContentVersionRow[]>(`${base}/articles/${id}/versions`),
  version: (id: number, versionId: number) => http.get<ContentVersionDetail>(`${base}/articles/${id}/versions/${versionId}`),
  restoreVersion: (id: number, versionId: number) => http.put<WritingArticle>(`${base}/articles/${id}/versions/${versionId}/restore`),
  preview: (markdown: string, id: number | null) => http.post<{ html: string }>(`${base}/preview`, { markdown, ...(id ? { id } : {}) }),
  uploadImage: (file: Blob, use: 'images' | 'covers') => {
    const form = new FormData();
    form.append('file', file, 'image');
    return http.post<UploadedContentImage>(`${base}/images?use=${use}`, form);
  },
  talks: (trashed: boolean) => http.get<WritingTalk[]>(`${base}/talks?trashed=${trashed ? 1 : 0}`),
  createTalk: (body: SaveTalkBody) => http.post<WritingTalk>(`${base}/talks`, body),
  saveTalk: (id: number, body: SaveTalkBody) => http.put<WritingTalk>(`${base}/talks/${id}`, body),
  trashTalk: (id: number) => http.put<boolean>(`${base}/talks/${id}/trash`),
  restoreTalk: (id: number) => http.put<boolean>(`${base}/talks/${id}/restore`),
  taxonomy: () => http.get<Taxonomies>(`${base}/taxonomy`),
  rename: (kind: 'category' | 'tag', from: string, to: string) => http.put<{ changed: number }>(`${base}/taxonomy/rename`, { kind, from, to }),
  publishState: () => http.get<PublishState>(`${base}/publish`),
  publish: () => http.post<PublishState>(`${base}/publish`),
};
