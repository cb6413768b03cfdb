import { getCollection, type CollectionEntry } from 'astro:content';
import { assertUniqueIds } from '../lib/node/contentIds';

export type Talk = CollectionEntry<'talks'>;

/** Talks, pinned first, then newest. */
export async function getTalks(): Promise<Talk[]> {
  const talks = await getCollection('talks', (talk) => !talk.data.private);
  assertUniqueIds(
    talks.map((talk) => ({ id: talk.data.id, file: talk.filePath ?? talk.id })),
    '说说',
  );
  return talks.sort((a, b) => Number(b.data.pinned) - Number(a.data.pinned) || +b.data.date - +a.data.date);
}

export const talkPath = (id: number) => `/talk/${id}`;
