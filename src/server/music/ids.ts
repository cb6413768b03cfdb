/** Stable ids for songs, playlists, artists and albums, derived from paths and names. */
import { nameId } from '../../lib/node/contentIds.ts';

export type IdKind = 'song' | 'playlist' | 'artist' | 'album';

export interface IdCollision {
  kind: IdKind;
  key: string;
  other: string;
  id: number;
}

/**
 * One id space for every kind, so `/wapi/picture/{id}` can name a song or a playlist without
 * ambiguity. Keys must be offered in a fixed order (the library sorts them): then a clash,
 * which FNV-1a over 31 bits makes rare, always resolves the same way, the later key moving on
 * to the id of `key#2`, `key#3` and so on.
 */
export function createIdAllocator(
  onCollision: (collision: IdCollision) => void = () => {},
  hash: (key: string) => number = nameId,
) {
  const owners = new Map<number, string>();
  const given = new Map<string, number>();
  return (kind: IdKind, key: string): number => {
    const full = `${kind}:${key}`;
    const known = given.get(full);
    if (known !== undefined) return known;
    let id = hash(full);
    for (let attempt = 2; owners.has(id); attempt++) {
      if (attempt === 2) onCollision({ kind, key, other: owners.get(id)!, id });
      id = hash(`${full}#${attempt}`);
    }
    owners.set(id, full);
    given.set(full, id);
    return id;
  };
}
