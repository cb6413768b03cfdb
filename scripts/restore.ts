/**
 * `npm run restore -- <备份目录>`: puts a snapshot from `npm run backup` into an empty data folder
 * (DATABASE_URL, UPLOAD_DIR, LICENSE_KEY_DIR), and its articles and talks into CONTENT_DIR (what was
 * there is moved aside). Stop the server first; existing data is never overwritten.
 */
import { readConfig } from '../src/server/http/config.ts';
import { restoreSnapshot } from './lib/backup.ts';

const [snapshot] = process.argv.slice(2);
if (!snapshot) {
  console.error('用法：npm run restore -- <备份目录>，例如 npm run restore -- backups/2026-11-22T03-00-00-000Z');
  process.exit(2);
}
const config = readConfig(process.env);
try {
  const manifest = await restoreSnapshot(snapshot, {
    databaseUrl: config.database.url,
    uploadDir: config.uploadDir,
    licenseKeyDir: config.licenseKeyDir,
    contentDir: config.contentDir,
    musicDir: config.music.dir,
  });
  console.log(
    `已恢复 ${manifest.createdAt} 的备份：数据库 ${manifest.databaseBytes} 字节，${manifest.uploads} 个上传文件${manifest.keys ? '，授权签名密钥' : ''}，${manifest.content ?? 0} 个文章和说说文件${manifest.music === undefined ? '' : `，${manifest.music} 个音乐库文件`}`,
  );
} catch (error) {
  console.error(`恢复失败：${(error as Error).message}`);
  process.exitCode = 1;
}
