/**
 * `npm run db:copy -- postgres://…`: copies this site's SQLite database (DATABASE_URL, or the
 * default file) into an empty PostgreSQL database, and checks every table's row count and checksum.
 * Stop the server first: writes made during the copy would be left behind. Then start the site
 * with DATABASE_URL set to the PostgreSQL URL (README, 多台服务器).
 */
import { copySqliteToPostgres } from './lib/dbCopy.ts';
import { DEFAULT_DATABASE_URL } from '../src/server/db/client.ts';
import { isPostgresUrl } from '../src/server/db/engine.ts';

const [target] = process.argv.slice(2);
const source = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
if (!target || !isPostgresUrl(target) || !source.startsWith('file:')) {
  console.error(
    '用法：npm run db:copy -- postgres://用户:密码@主机/数据库\n把 DATABASE_URL（默认 file:./data/blog.db）指向的 SQLite 数据库复制进一个新建的空 PostgreSQL 数据库',
  );
  process.exit(1);
}

try {
  const tables = await copySqliteToPostgres(source, target);
  let mismatched = 0;
  for (const { table, rows, source: before, target: after } of tables) {
    const same = before === after;
    if (!same) mismatched++;
    console.log(
      `${same ? '一致' : '不一致'}  ${table}：${rows} 行，校验和 ${before.slice(0, 16)}${same ? '' : ` ≠ ${after.slice(0, 16)}`}`,
    );
  }
  if (mismatched > 0) {
    console.error(`有 ${mismatched} 张表的内容不一致，请不要切换到 PostgreSQL`);
    process.exitCode = 1;
  } else {
    const rows = tables.reduce((n, table) => n + table.rows, 0);
    console.log(
      `已复制 ${tables.length} 张表、${rows} 行，行数和校验和全部一致。现在可以用 DATABASE_URL=${target.replace(/:[^:@/]*@/, ':***@')} 启动站点`,
    );
  }
} catch (error) {
  console.error(`复制失败：${(error as Error).message}`);
  process.exitCode = 1;
}
