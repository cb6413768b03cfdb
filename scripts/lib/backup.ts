/**
 * Snapshots of the site's data: the database by `VACUUM INTO` (a consistent copy, taken while the
 * server keeps writing; the articles' history is in it), the uploads, the license signing keys,
 * without which no key sold can be checked, and the owner's articles and talks (CONTENT_DIR).
 */
import { createClient } from '@libsql/client';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { databaseFilePath } from '../../src/server/db/client.ts';
import { isPostgresUrl } from '../../src/server/db/engine.ts';
import { PRIVATE_KEY_FILE, PUBLIC_KEY_FILE } from '../../src/server/licenses/keys.ts';
import { TRASH } from '../../src/server/writing/sourceFiles.ts';

export const DATABASE_FILE = 'blog.db';
export const UPLOADS_FOLDER = 'uploads';
export const KEYS_FOLDER = 'keys';
export const MANIFEST_FILE = 'manifest.json';
export const CONTENT_FOLDER = 'content';
export const MUSIC_FOLDER = 'music';
/** What of CONTENT_DIR is the owner's writing: the collections the console writes, and its recycle bin. */
const CONTENT_PARTS = ['articles', 'talks', TRASH];
const SNAPSHOT_NAME = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/;

export interface DataPlaces {
  databaseUrl: string;
  uploadDir: string;
  licenseKeyDir: string;
  contentDir: string;
  /** The music library (MUSIC_DIR), backed up only when asked: it is often far larger than the rest. */
  musicDir?: string;
}

export interface Manifest {
  createdAt: string;
  databaseBytes: number;
  uploads: number;
  keys: boolean;
  /** Files of the articles and talks, their images included. */
  content: number;
  /** Files of the music library, when it was backed up (`npm run backup -- --music`). */
  music?: number;
}

/** The file behind a `file:` URL; other databases (PostgreSQL, a libSQL server) are backed up by their own tools. */
export function databaseFile(url: string): string {
  const path = databaseFilePath(url);
  if (path !== null) return resolve(path);
  if (isPostgresUrl(url)) {
    throw new Error(
      '本命令只备份本地 SQLite 数据库和它旁边的文件。PostgreSQL 的数据请用 pg_dump 备份（pg_dump -Fc "$DATABASE_URL" -f blog.dump，恢复用 pg_restore），上传文件、签名密钥和 CONTENT_DIR 请一并复制（见 README「多台服务器」）',
    );
  }
  throw new Error(`只能备份本地 SQLite 文件（DATABASE_URL=${url}）；libSQL 服务器请用它自己的备份功能`);
}

const countFiles = (dir: string): number =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).reduce(
        (n, entry) => n + (entry.isDirectory() ? countFiles(join(dir, entry.name)) : 1),
        0,
      )
    : 0;

/** Writes `backups/<timestamp>/` and answers its path; keeps the newest `keep` snapshots. */
export async function takeSnapshot(
  places: DataPlaces,
  backupDir: string,
  keep: number,
  now = new Date(),
): Promise<string> {
  const source = databaseFile(places.databaseUrl);
  if (!existsSync(source)) throw new Error(`数据库文件不存在：${source}`);
  const target = join(resolve(backupDir), now.toISOString().replaceAll(':', '-').replace('.', '-'));
  // A snapshot holds everything the database does: readable by its owner alone.
  mkdirSync(resolve(backupDir), { recursive: true, mode: 0o700 });
  mkdirSync(target, { mode: 0o700 });
  const db = createClient({ url: `file:${source}`, timeout: 5000 });
  try {
    // One read transaction: every write committed before it started is in the copy, none after.
    await db.execute({ sql: 'VACUUM INTO ?', args: [join(target, DATABASE_FILE)] });
  } finally {
    db.close();
  }
  chmodSync(join(target, DATABASE_FILE), 0o600);
  if (existsSync(places.uploadDir)) cpSync(places.uploadDir, join(target, UPLOADS_FOLDER), { recursive: true });
  const privateKey = join(places.licenseKeyDir, PRIVATE_KEY_FILE);
  const keys = existsSync(privateKey);
  if (keys) {
    mkdirSync(join(target, KEYS_FOLDER), { mode: 0o700 });
    cpSync(privateKey, join(target, KEYS_FOLDER, PRIVATE_KEY_FILE));
    chmodSync(join(target, KEYS_FOLDER, PRIVATE_KEY_FILE), 0o600);
    const publicKey = join(places.licenseKeyDir, PUBLIC_KEY_FILE);
    if (existsSync(publicKey)) cpSync(publicKey, join(target, KEYS_FOLDER, PUBLIC_KEY_FILE));
  }
  for (const part of CONTENT_PARTS) {
    const from = join(places.contentDir, part);
    if (existsSync(from)) cpSync(from, join(target, CONTENT_FOLDER, part), { recursive: true });
  }
  const manifest: Manifest = {
    createdAt: now.toISOString(),
    databaseBytes: statSync(join(target, DATABASE_FILE)).size,
    uploads: countFiles(join(target, UPLOADS_FOLDER)),
    keys,
    content: countFiles(join(target, CONTENT_FOLDER)),
  };
  if (places.musicDir) {
    if (existsSync(places.musicDir)) cpSync(places.musicDir, join(target, MUSIC_FOLDER), { recursive: true });
    manifest.music = countFiles(join(target, MUSIC_FOLDER));
  }
  writeFileSync(join(target, MANIFEST_FILE), JSON.stringify(manifest, null, 2), { mode: 0o600 });
  pruneSnapshots(backupDir, keep);
  return target;
}

/** Removes all but the newest `keep` snapshots; folders not named like a snapshot are left alone. */
export function pruneSnapshots(backupDir: string, keep: number): string[] {
  const snapshots = readdirSync(backupDir)
    .filter((name) => SNAPSHOT_NAME.test(name))
    .sort();
  const old = snapshots.slice(0, Math.max(0, snapshots.length - keep));
  for (const name of old) rmSync(join(backupDir, name), { recursive: true, force: true });
  return old;
}

async function integrityOf(file: string): Promise<string> {
  const db = createClient({ url: `file:${file}` });
  try {
    return String((await db.execute('PRAGMA integrity_check')).rows[0]?.[0]);
  } finally {
    db.close();
  }
}

/** Puts a snapshot back into an empty data folder; refuses to overwrite anything. */
export async function restoreSnapshot(snapshot: string, places: DataPlaces): Promise<Manifest> {
  const dir = resolve(snapshot);
  const manifestPath = join(dir, MANIFEST_FILE);
  if (!existsSync(manifestPath) || !existsSync(join(dir, DATABASE_FILE)))
    throw new Error(`${dir} 不是一个备份（缺少 ${MANIFEST_FILE} 或 ${DATABASE_FILE}）`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const integrity = await integrityOf(join(dir, DATABASE_FILE));
  if (integrity !== 'ok') throw new Error(`备份里的数据库没有通过完整性检查：${integrity}`);
  const database = databaseFile(places.databaseUrl);
  const privateKey = join(places.licenseKeyDir, PRIVATE_KEY_FILE);
  for (const existing of [database, `${database}-wal`, privateKey]) {
    if (existsSync(existing)) throw new Error(`${existing} 已存在：恢复只写入空的数据目录，请先停止服务并移走现有数据`);
  }
  if (existsSync(places.uploadDir) && readdirSync(places.uploadDir).length)
    throw new Error(`${places.uploadDir} 不是空的：恢复只写入空的数据目录`);
  const music = join(dir, MUSIC_FOLDER);
  if (existsSync(music) && places.musicDir && existsSync(places.musicDir) && readdirSync(places.musicDir).length) {
    throw new Error(`${places.musicDir} 不是空的：备份里有音乐库，恢复只写入空的 MUSIC_DIR，请先移走现有的音乐`);
  }
  mkdirSync(dirname(database), { recursive: true, mode: 0o700 });
  cpSync(join(dir, DATABASE_FILE), database);
  chmodSync(database, 0o600);
  if (existsSync(join(dir, UPLOADS_FOLDER))) cpSync(join(dir, UPLOADS_FOLDER), places.uploadDir, { recursive: true });
  if (existsSync(join(dir, KEYS_FOLDER, PRIVATE_KEY_FILE))) {
    mkdirSync(places.licenseKeyDir, { recursive: true });
    cpSync(join(dir, KEYS_FOLDER, PRIVATE_KEY_FILE), privateKey);
    chmodSync(privateKey, 0o600);
    if (existsSync(join(dir, KEYS_FOLDER, PUBLIC_KEY_FILE)))
      cpSync(join(dir, KEYS_FOLDER, PUBLIC_KEY_FILE), join(places.licenseKeyDir, PUBLIC_KEY_FILE));
  }
  restoreContent(join(dir, CONTENT_FOLDER), places.contentDir);
  if (existsSync(music) && places.musicDir) cpSync(music, places.musicDir, { recursive: true });
  return manifest;
}

/**
 * Puts the articles and talks back. CONTENT_DIR is rarely empty (the checkout's demo content is the
 * default), so what is there is moved aside into `.before-restore-<时间>/` inside it, never deleted.
 */
function restoreContent(from: string, contentDir: string, now = new Date()): void {
  if (!existsSync(from)) return;
  const aside = join(contentDir, `.before-restore-${now.toISOString().replaceAll(':', '-').replace('.', '-')}`);
  for (const part of CONTENT_PARTS) {
    const current = join(contentDir, part);
    if (existsSync(current)) {
      mkdirSync(aside, { recursive: true });
      renameSync(current, join(aside, part));
    }
    if (existsSync(join(from, part))) cpSync(join(from, part), current, { recursive: true });
  }
}
