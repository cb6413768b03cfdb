/** The owner's talks, as exported by the build (`talks.json` beside the articles' index), kept in memory. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TALKS_FILE, type IndexedTalk, type TalkExport } from '../../lib/node/contentIndex.ts';

export interface CatalogTalk {
  id: number;
  date: Date;
  pinned: boolean;
  images: readonly string[];
  /** As the owner wrote it. */
  text: string;
  html: string;
}

export interface TalkCatalog {
  byId: Map<number, CatalogTalk>;
  /** Pinned first, then newest: the order of the talk page. */
  ordered: CatalogTalk[];
}

export function createTalkCatalog(talks: readonly IndexedTalk[]): TalkCatalog {
  const list = talks.map((t) => ({
    id: t.id,
    date: new Date(t.date),
    pinned: t.pinned,
    images: [...t.images],
    text: t.text ?? '',
    html: t.html,
  }));
  const ordered = [...list].sort((a, b) => Number(b.pinned) - Number(a.pinned) || +b.date - +a.date || b.id - a.id);
  return { byId: new Map(list.map((t) => [t.id, t])), ordered };
}

/**
 * Reads the talks' export. A content folder from a build that predates talks has none: the site
 * then has no talks, with a warning, rather than failing to start over a feature.
 */
export async function loadTalks(dir: string): Promise<TalkCatalog> {
  const file = join(dir, TALKS_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    console.warn(`没有找到说说数据（${file}），说说列表将为空；请重新运行 npm run build`);
    return createTalkCatalog([]);
  }
  try {
    return createTalkCatalog((JSON.parse(text) as TalkExport).talks);
  } catch (error) {
    throw new Error(`读取说说数据失败（${file}），请重新运行 npm run build`, { cause: error });
  }
}
