/** The index of the local library: every song, playlist, artist and picture by id. */
import { createIdAllocator, type IdCollision } from './ids.ts';
import { readTags, type Tags } from './metadata.ts';
import { AUDIO_TYPES, scanLibrary, type FoundAudio, type FoundFile } from './scan.ts';
import { extname } from 'node:path';
import { MUSIC_MEDIA, MUSIC_PICTURE } from '../../contract/paths.ts';
import { fillPath } from '../../lib/shared/paths.ts';

export interface Track {
  id: number;
  name: string;
  artists: { id: number; name: string }[];
  album: { id: number; name: string };
  durationMs: number;
  bitrate: number;
  size: number;
  mtimeMs: number;
  /** Absolute real path; the only way a request ever reaches the file. */
  file: string;
  rel: string;
  type: string;
  mime: string;
  lrc?: string;
  tagLyrics: string;
  picUrl: string;
  playlistId: number;
}

export interface Playlist {
  id: number;
  name: string;
  coverImgUrl: string;
  tracks: Track[];
}

export interface Artist {
  id: number;
  name: string;
  picUrl: string;
  tracks: Track[];
}

export interface Picture {
  file: string;
  embedded: boolean;
  /** The file's change time, as in the picture's URL: a replaced file is a new version. */
  version: string;
}

export interface Library {
  playlists: Playlist[];
  songs: Map<number, Track>;
  artists: Map<number, Artist>;
  pictures: Map<number, Picture>;
  /** Tags by real path, reused by the next build for files whose size and time did not change. */
  tags: Map<string, { size: number; mtimeMs: number; tags: Tags }>;
  outside: string[];
  collisions: IdCollision[];
  unreadable: string[];
}

export const ROOT_PLAYLIST_NAME = '未分类';
const READ_CONCURRENCY = 8;
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const natural = (a: string, b: string) => a.localeCompare(b, 'zh-CN', { numeric: true });
const versionOf = (file: Pick<FoundFile, 'mtimeMs'>) => Math.floor(file.mtimeMs).toString(36);

/** A file of the library's address (its audio or its picture): its change time rides along, so a replaced file is fetched anew despite the long cache. */
export const fileUrl = (
  path: typeof MUSIC_MEDIA | typeof MUSIC_PICTURE,
  id: number,
  file: Pick<FoundFile, 'mtimeMs'>,
) => `${fillPath(path, { id })}?v=${versionOf(file)}`;
const pictureUrl = (id: number, file: FoundFile) => fileUrl(MUSIC_PICTURE, id, file);

export const emptyLibrary = (): Library => ({
  playlists: [],
  songs: new Map(),
  artists: new Map(),
  pictures: new Map(),
  tags: new Map(),
  outside: [],
  collisions: [],
  unreadable: [],
});

export async function buildLibrary(dir: string, previous: Library = emptyLibrary()): Promise<Library> {
  const scan = await scanLibrary(dir);
  const library = emptyLibrary();
  library.outside = scan.outside;
  const newId = createIdAllocator((collision) => library.collisions.push(collision));

  const audio = scan.folders.flatMap((folder) => folder.audio.map((file) => ({ folder, file })));
  const tags = new Map<FoundAudio, Tags>();
  let next = 0;
  const worker = async () => {
    while (next < audio.length) {
      const { file } = audio[next++];
      const known = previous.tags.get(file.real);
      try {
        const found =
          known && known.size === file.size && known.mtimeMs === file.mtimeMs
            ? known.tags
            : await readTags(file.real, file.rel);
        tags.set(file, found);
        library.tags.set(file.real, { size: file.size, mtimeMs: file.mtimeMs, tags: found });
      } catch {
        library.unreadable.push(file.rel);
      }
    }
  };
  await Promise.all(Array.from({ length: READ_CONCURRENCY }, worker));

  // Ids are handed out in one fixed order, so a clash always resolves the same way.
  const folders = [...scan.folders].sort((a, b) => byCodePoint(a.name, b.name));
  const playlistIds = new Map(folders.map((folder) => [folder, newId('playlist', folder.name)]));
  const songIds = new Map(
    [...tags.keys()].sort((a, b) => byCodePoint(a.rel, b.rel)).map((file) => [file, newId('song', file.rel)]),
  );
  const artistNames = [...new Set([...tags.values()].flatMap((t) => t.artists))].sort(byCodePoint);
  const artistIds = new Map(artistNames.map((name) => [name, newId('artist', name)]));
  const albumNames = [...new Set([...tags.values()].map((t) => t.album).filter(Boolean))].sort(byCodePoint);
  const albumIds = new Map(albumNames.map((name) => [name, newId('album', name)]));

  for (const folder of folders) {
    const id = playlistIds.get(folder)!;
    if (folder.cover)
      library.pictures.set(id, { file: folder.cover.real, embedded: false, version: versionOf(folder.cover) });
    const coverUrl = folder.cover ? pictureUrl(id, folder.cover) : '';
    const tracks: Track[] = [];
    for (const file of [...folder.audio].sort((a, b) => natural(a.rel, b.rel))) {
      const found = tags.get(file);
      if (!found) continue;
      const songId = songIds.get(file)!;
      if (found.hasPicture) library.pictures.set(songId, { file: file.real, embedded: true, version: versionOf(file) });
      const type = extname(file.rel).slice(1).toLowerCase();
      tracks.push({
        id: songId,
        name: found.title,
        artists: found.artists.map((name) => ({ id: artistIds.get(name)!, name })),
        album: { id: albumIds.get(found.album) ?? 0, name: found.album },
        durationMs: found.durationMs,
        bitrate: found.bitrate,
        size: file.size,
        mtimeMs: file.mtimeMs,
        file: file.real,
        rel: file.rel,
        type,
        mime: AUDIO_TYPES[`.${type}`],
        ...(file.lrc ? { lrc: file.lrc.real } : {}),
        tagLyrics: found.lyrics,
        picUrl: found.hasPicture ? pictureUrl(songId, file) : coverUrl,
        playlistId: id,
      });
    }
    if (!tracks.length) continue;
    library.playlists.push({
      id,
      name: folder.name || ROOT_PLAYLIST_NAME,
      coverImgUrl: coverUrl || tracks.find((t) => t.picUrl)?.picUrl || '',
      tracks,
    });
    for (const track of tracks) {
      library.songs.set(track.id, track);
      for (const { id: artistId, name } of track.artists) {
        const artist = library.artists.get(artistId) ?? { id: artistId, name, picUrl: '', tracks: [] };
        artist.tracks.push(track);
        artist.picUrl ||= track.picUrl;
        library.artists.set(artistId, artist);
      }
    }
  }
  library.playlists.sort((a, b) => natural(a.name, b.name));
  return library;
}
