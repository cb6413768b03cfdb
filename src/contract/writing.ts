/** The owner's writing console (docs/api.md §11.3): articles and talks as Markdown files, their history, and publishing. */
// The editor's fields are derived from the edited fields' list: a type import, so no page that
// reads this file loads the schema library.
import type { ArticleDraft } from './articleFields.ts';
export type { ArticleDraft };

export const ARTICLE_TYPES = ['original', 'repost', 'translation'] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];

export type ArticleStatus = 'published' | 'scheduled' | 'draft' | 'private' | 'trash';
/** Readers see it now, or will at its date: the editor updates it, never takes it off the site by a save. */
export const LIVE_STATUSES: readonly ArticleStatus[] = ['published', 'scheduled'];
/** The list filters: `published` includes scheduled ones. */
export const ARTICLE_FILTERS = ['published', 'draft', 'private', 'trash'] as const;
export type ArticleFilter = (typeof ARTICLE_FILTERS)[number];

/** An article the build left out, and why: the live build's list of them (src/lib/node/articleLoader.ts). */
export interface SkippedArticle {
  /** From the articles folder, with `/`: `0002-hello.md`. */
  file: string;
  /** The front matter field at fault (`tags`, `cover`), `body`, or null when the file as a whole is. */
  field: string | null;
  reason: string;
}

/**
 * Where an article stands with readers: `live` in the live build; `pending` published but not in
 * the live build yet (a build is on its way); `failed` left out of the live build, with the reason.
 */
export type ArticleListState = 'live' | 'pending' | 'failed' | 'scheduled' | 'draft' | 'private' | 'trash';

/** One row of the console's article list. */
export interface WritingArticleRow {
  id: number;
  title: string;
  category: string;
  tags: string[];
  status: ArticleStatus;
  pinned: boolean;
  /** "YYYY-MM-DD HH:mm:ss" on the site's clock. */
  date: string;
  file: string;
  /** What is wrong with a hand-edited file, if anything. */
  problem: string | null;
  state: ArticleListState;
  /** Why the live build left the article out (any state but trash), from the build's list. */
  skipped: SkippedArticle | null;
}

/**
 * Edits to a live article kept on the server without publishing them (暂存修改). The live file and
 * page stay as they are until 更新 writes them, or 撤下 takes them into the draft.
 */
export interface PendingEdit {
  fields: ArticleDraft;
  /** The file's revision the edits started from: 更新 sends it, so a hand edit since is a conflict. */
  base_revision: string;
  /** "YYYY-MM-DD HH:mm:ss" on the site's clock. */
  saved_at: string;
}

/** An article as the editor opens it. */
export interface WritingArticle extends ArticleDraft {
  id: number;
  status: ArticleStatus;
  file: string;
  /** Sent back with a save: a hand edit since makes the save a conflict. */
  revision: string;
  /** Unpublished edits to it, which the editor opens instead of the file's fields. */
  pending: PendingEdit | null;
}

export interface SaveArticleBody extends ArticleDraft {
  /** Where the editor started: the revision it opened, or null for a new article. */
  base_revision: string | null;
  /**
   * 发布 or 更新 (true), or 保存草稿 (false). False is refused for an article readers see: its
   * edits are kept with 暂存修改 (SavePendingBody), and 撤下 takes it off the site.
   */
  publish: boolean;
  /** Write over a file changed on disk, after the owner compared both. */
  overwrite?: boolean;
}

/** 暂存修改 of a live article: the fields, and the revision of the file they started from. */
export interface SavePendingBody extends ArticleDraft {
  base_revision: string;
}

export interface ContentVersionRow {
  id: number;
  saved_at: string;
  /** The version's title and size, to tell them apart in the list. */
  title: string;
  chars: number;
}

export interface ContentVersionDetail extends ContentVersionRow {
  /** The whole file. */
  source: string;
}

export interface WritingTalk {
  id: number;
  content: string;
  images: string[];
  pinned: boolean;
  public: boolean;
  date: string;
  trashed: boolean;
  revision: string;
}

export interface SaveTalkBody {
  content: string;
  images: string[];
  pinned: boolean;
  public: boolean;
  base_revision: string | null;
}

export interface TaxonomyRow {
  name: string;
  /** Articles of every status that use the name. */
  count: number;
}

export interface Taxonomies {
  categories: TaxonomyRow[];
  tags: TaxonomyRow[];
}

export interface PublishError {
  file: string | null;
  field: string | null;
  message: string;
}

export interface PublishState {
  state: 'idle' | 'queued' | 'building' | 'live' | 'failed';
  /** The build's current step, in words. */
  step: string;
  percent: number;
  queued_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  error: PublishError | null;
  /** Builds run since the server started. */
  builds: number;
  /** The last article whose page a quick release changed ahead of the build, when, and whether it was taken down (else it shows the new text). */
  page_live: { id: number; at: string; gone: boolean } | null;
}

export interface UploadedContentImage {
  /** As the Markdown refers to it: `./images/…` or `./covers/…`. */
  path: string;
  /** Where the console can show it before it is built. */
  url: string;
}

/** An upload from the editor as the console shows it beside the button clicked (lib/browser/articleImages.ts). */
export type UploadPhase = 'redrawing' | 'sending' | 'saving';

export interface UploadProgress {
  /** The file's name on the owner's device, for the owner only. */
  name: string;
  /** Its place among the files picked together, from 1. */
  index: number;
  total: number;
  phase: UploadPhase;
  /** Of the bytes sent, while sending. */
  percent: number;
}
