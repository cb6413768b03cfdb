/**
 * The music service's paths (/wapi), in full, once: NeteaseCloudMusicApi's, which its players call
 * with their own query strings (client/music.ts) and the endpoint table's music group mounts. The
 * paths of /api are in routes.ts, each with its method and types.
 *
 * Each path is an export of its own, not a property of one object: the bundler then copies into a
 * page's scripts only the paths it calls, as if written there.
 */

export const MUSIC_PLAYLISTS = '/wapi/toplist/detail';
export const MUSIC_PLAYLIST_TRACKS = '/wapi/playlist/track/all';
export const MUSIC_SONGS = '/wapi/song/detail';
export const MUSIC_SONG_URLS = '/wapi/song/url/v1';
export const MUSIC_LYRIC = '/wapi/lyric';
export const MUSIC_SUGGEST = '/wapi/search/suggest';
export const MUSIC_SEARCH = '/wapi/cloudsearch';
export const MUSIC_ARTIST_SONGS = '/wapi/artist/songs';
export const MUSIC_ARTIST_TOP_SONGS = '/wapi/artist/top/song';
export const MUSIC_MEDIA = '/wapi/media/:id';
export const MUSIC_PICTURE = '/wapi/picture/:id';
