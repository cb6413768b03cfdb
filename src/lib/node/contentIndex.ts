/**
 * The article, talk and product data the API serves, exported from the content collections at build time
 * (`/api-content/*`) and moved to `dist/server/content` so only the server reads it.
 */
import type { ImageAttributes } from './contentImages.ts';

export const CONTENT_DIR_NAME = 'api-content';

export interface IndexedArticle {
  id: number;
  title: string;
  description: string;
  cover: string | null;
  category: string;
  tags: string[];
  pinned: boolean;
  order: number;
  type: 'original' | 'repost' | 'translation';
  origin_url: string | null;
  /** ISO 8601. */
  date: string;
  updated: string | null;
  words: number;
  /** Plain text of the body (code included, Markdown syntax removed), for search. */
  text: string;
}

export interface ContentIndex {
  builtAt: string;
  articles: IndexedArticle[];
}

/** The parts only the article detail call needs, one file per article. */
export interface ArticleBody {
  id: number;
  markdown: string;
  html: string;
  /**
   * The attributes each image of the body got, by its target as the Markdown writes it: a quick
   * release (src/server/writing/quickRelease.ts) gives an edited body's images the same files.
   */
  images: Record<string, ImageAttributes>;
}

/** The talks' export, beside `index.json`. */
export const TALKS_FILE = 'talks.json';

export interface IndexedTalk {
  id: number;
  /** ISO 8601. */
  date: string;
  pinned: boolean;
  /** As the front matter lists them: site paths or full URLs. */
  images: string[];
  /** The body as the owner wrote it (Markdown), for clients that show talks as text. */
  text: string;
  /** The rendered body. */
  html: string;
}

export interface TalkExport {
  builtAt: string;
  talks: IndexedTalk[];
}

/** The products' export, beside `index.json`: what the shop sells, with prices in integer cents. */
export const PRODUCTS_FILE = 'products.json';

export interface IndexedPlan {
  id: string;
  name: string;
  price_cents: number;
  /** null for a lifetime plan. */
  days: number | null;
  max_machines: number;
}

export interface IndexedProduct {
  slug: string;
  name: string;
  description: string;
  plans: IndexedPlan[];
}

export interface ProductExport {
  builtAt: string;
  products: IndexedProduct[];
}
