/** `npm run music:demo`: writes the demo library (playlists of synthesised tracks with lyrics) into MUSIC_DIR. */
import { resolve } from 'node:path';
import { generateDemoLibrary } from '../src/server/music/demo/generate.ts';
import { DEFAULT_MUSIC_DIR } from '../src/server/music/index.ts';

const dir = resolve(process.env.MUSIC_DIR || DEFAULT_MUSIC_DIR);
const summary = await generateDemoLibrary(dir);
console.log(
  `已在 ${dir} 生成示例音乐库：${summary.playlists} 个歌单、${summary.tracks} 首歌，共 ${(summary.bytes / 1024 / 1024).toFixed(1)} MB`,
);
