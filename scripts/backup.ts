/**
 * `npm run backup`: a snapshot of the database (with the articles' history), the uploads, the license keys and CONTENT_DIR's articles and talks in
 * `backups/<时间>/`, safe to take while the server runs. Keeps the newest BACKUP_KEEP (default 7).
 * `npm run backup -- --music` adds the music library (MUSIC_DIR).
 */
import { readConfig } from '../src/server/http/config.ts';
import { takeSnapshot } from './lib/backup.ts';

const keep = Number(process.env.BACKUP_KEEP || 7);
if (!Number.isInteger(keep) || keep < 1) {
  console.error('BACKUP_KEEP 必须是正整数');
  process.exit(2);
}
const unknown = process.argv.slice(2).filter((arg) => arg !== '--music');
if (unknown.length) {
  console.error(`不认识的参数：${unknown.join(' ')}。用法：npm run backup [-- --music]`);
  process.exit(2);
}
const config = readConfig(process.env);
const musicDir = process.argv.includes('--music') ? config.music.dir : undefined;
try {
  const target = await takeSnapshot(
    {
      databaseUrl: config.database.url,
      uploadDir: config.uploadDir,
      licenseKeyDir: config.licenseKeyDir,
      contentDir: config.contentDir,
      musicDir,
    },
    process.env.BACKUP_DIR || 'backups',
    keep,
  );
  console.log(`备份完成：${target}`);
} catch (error) {
  console.error(`备份失败：${(error as Error).message}`);
  process.exitCode = 1;
}
