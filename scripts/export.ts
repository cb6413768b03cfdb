/**
 * `npm run export -- [目录] [--zip] [--with-passwords]`: the owner's articles, talks, pictures,
 * users, comments, board posts, likes, download entries and counters in one folder (default
 * `exports/<时间>`), which `npm run import` reads back on this blog or another copy of it. Unlike
 * `npm run backup` it is plain files, readable without this program, and holds no sessions, orders
 * or keys. `--zip` leaves one zip file instead of the folder.
 */
import { createWriteStream, existsSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { closeDb, databaseFilePath, openDb } from '../src/server/db/client.ts';
import { exportSite, type ExportSummary } from '../src/server/export/exportSite.ts';
import { zipExport } from '../src/server/export/zip.ts';
import { readConfig } from '../src/server/http/config.ts';

const USAGE = `用法：npm run export -- [目录] [--zip] [--with-passwords]
  目录              导出到这个目录（默认 exports/<时间>），目录必须不存在或为空
  --zip             导出为一个 zip 文件（<目录>.zip），不保留目录
  --with-passwords  一并导出用户的密码哈希，用户到新站点可以用原密码登录（导出文件请妥善保管）`;

function parseArgs(args: string[]): { folder: string | null; zip: boolean; withPasswords: boolean } | null {
  let folder: string | null = null;
  let zip = false;
  let withPasswords = false;
  for (const arg of args) {
    if (arg === '--zip') zip = true;
    else if (arg === '--with-passwords') withPasswords = true;
    else if (arg.startsWith('-') || folder !== null) return null;
    else folder = arg;
  }
  return { folder, zip, withPasswords };
}

const parsed = parseArgs(process.argv.slice(2));
if (!parsed) {
  const unknown = process.argv.slice(2).filter((arg) => !['--zip', '--with-passwords'].includes(arg));
  console.error(`不认识的参数：${unknown.join(' ')}\n${USAGE}`);
  process.exit(2);
}

function report(summary: ExportSummary, where: string): string {
  const c = summary.counts;
  const lines = [
    `导出完成：${where}`,
    `  文章 ${c.articles} 篇（回收站 ${c.trashedArticles} 篇），文章图片 ${c.articleImages} 个`,
    `  说说 ${c.talks} 条（回收站 ${c.trashedTalks} 条）`,
    `  用户 ${c.users} 个，评论 ${c.comments} 条，留言 ${c.messages} 条，用户点赞 ${c.likes} 个，下载条目 ${c.links} 个`,
    `  上传的文件 ${c.uploads} 个${summary.redirects ? '，旧地址跳转表 redirects.yaml' : ''}`,
  ];
  if (summary.missingUploads.length)
    lines.push(
      `  数据里提到但上传目录中找不到的文件 ${summary.missingUploads.length} 个：${summary.missingUploads.join('、')}`,
    );
  lines.push(
    summary.withPasswords
      ? '  已包含用户的密码哈希：导出文件请妥善保管，不要公开'
      : '  未包含密码哈希：导入后用户需要重设密码（需要保留密码时加 --with-passwords）',
    `  不导出：${summary.leftOut.join('、')}`,
  );
  return lines.join('\n');
}

const config = readConfig(process.env);
const stamp = new Date().toISOString().replaceAll(':', '-').replace('.', '-');
const folder = resolve(parsed.folder ?? `exports/${stamp}`);
const zipFile = `${folder}.zip`;
// Opening a SQLite file that is not there would make an empty one: say where the data was looked for instead.
const databaseFile = databaseFilePath(config.database.url);
if (databaseFile && databaseFile !== ':memory:' && !existsSync(databaseFile)) {
  console.error(`导出失败：数据库文件不存在：${resolve(databaseFile)}（请检查 DATABASE_URL）`);
  process.exit(1);
}
const db = await openDb(config.database.url, config.database.authToken);
try {
  if (parsed.zip && (await stat(zipFile).catch(() => null))) throw new Error(`${zipFile} 已存在，请换一个目录名`);
  const summary = await exportSite(
    { db, contentDir: config.contentDir, uploadDir: config.uploadDir, withPasswords: parsed.withPasswords },
    folder,
  );
  if (parsed.zip) {
    await pipeline(zipExport(folder), createWriteStream(zipFile, { mode: 0o600, flags: 'wx' }));
    await rm(folder, { recursive: true, force: true });
  }
  console.log(report(summary, parsed.zip ? zipFile : folder));
} catch (error) {
  console.error(`导出失败：${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeDb(db);
}
