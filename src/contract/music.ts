/**
 * `/wapi` answers in NeteaseCloudMusicApi's shapes (docs/api.md §8): success is `code` 200, a
 * failure another `code` with `msg`.
 */

export interface Artist {
  id: number;
  name: string;
}

export interface Album {
  id: number;
  name: string;
  picUrl: string;
}

export interface Song {
  id: number;
  name: string;
  /** Never empty: a file without an artist has `{id: 0, name: ""}`. */
  ar: Artist[];
  alia: string[];
  al: Album;
  /** Duration in milliseconds. */
  dt: number;
  /** The album's name for the player's "other" column; our own library sets it, an upstream may not. */
  awardName?: string;
}

/** A playlist category of `toplist/detail`. */
export interface Playlist {
  id: number;
  name: string;
  coverImgUrl: string;
  description?: string;
  trackCount?: number;
}

/** An artist in `cloudsearch` (type 100) answers. */
export interface ArtistProfile extends Artist {
  picUrl: string;
}

export interface MusicAnswer {
  code: number;
  msg?: string;
}

/** An entry of `song/url/v1`'s `data`: `url` null when unplayable; `time` in milliseconds. */
export interface SongUrl {
  id: number;
  url: string | null;
  br: number;
  size: number;
  type: string | null;
  time: number;
  level?: string;
  encodeType?: string | null;
  code?: number;
}
