/**
 * `npm run import -- <来源> <位置> [--apply]`: brings a blog from elsewhere. A plain run is a dry
 * run: it prints what would be created, what clashes with what is here and how, and what cannot
 * come, and writes nothing. `--apply` does it, then publishes the site once (`--no-publish` leaves
 * that to the owner). Running it again brings only what is new.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { closeDb, migrateDb, openDb } from '../src/server/db/client.ts';
import { readConfig } from '../src/server/http/config.ts';
import { PROJECT_ROOT } from '../src/server/projectRoot.ts';
import { applyPlan, planFor, type ImportTarget } from '../src/server/import/apply.ts';
import type { Bundle } from '../src/server/import/bundle.ts';
import { planReport, resultReport } from '../src/server/import/report.ts';

const USAGE = `用法：
  npm run import -- seed mysql://用户:密码@主机/online_blog [--images <原站上传目录>]   原博客的 MySQL 或 MariaDB 数据库
  npm run import -- hexo <文件夹>                                               Hexo 的 source/_posts 或 Hugo 的 content/posts（或站点根目录）
  npm run import -- wxr <导出文件.xml> [--uploads <wp-content/uploads 目录>]       WordPress 的导出文件
  npm run import -- export <文件夹或 .zip>                                       本站 npm run export 的导出
站点设置写入 src/site.config.ts（--site-config <文件> 写到别处）。
不加 --apply 时只预览，不写入任何东西；加 --apply 执行导入，完成后发布一次（--no-publish 不发布）。`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let parsed: ReturnType<typeof parseCommandLine>;
function parseCommandLine() {
  return parseArgs({
    allowPositionals: true,
    options: {
      apply: { type: 'boolean' },
      'no-publish': { type: 'boolean' },
      images: { type: 'string' },
      uploads: { type: 'string' },
      'site-config': { type: 'string' },
    },
  });
}
try {
  parsed = parseCommandLine();
} catch (error) {
  const option = /'(--?[^' ]+)/.exec((error as Error).message)?.[1] ?? '';
  const unknown = (error as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION';
  fail(`${unknown ? `不认识的参数：${option}` : `参数 ${option} 后面要写一个值`}\n${USAGE}`);
}
const options = parsed.values;
const [kind, location, ...extra] = parsed.positionals;
if (!kind || !location || extra.length) fail(USAGE);

async function readSource(): Promise<Bundle> {
  switch (kind) {
    case 'seed': {
      const { readSeed } = await import('../src/server/import/sources/seed.ts');
      return readSeed(location, { imageDir: options.images });
    }
    case 'hexo': {
      const { readHexo } = await import('../src/server/import/sources/hexo.ts');
      return readHexo(location);
    }
    case 'wxr': {
      const { readWxr } = await import('../src/server/import/sources/wxr.ts');
      return readWxr(location, { uploadsDir: options.uploads });
    }
    case 'export': {
      const { readExport } = await import('../src/server/import/sources/exported.ts');
      return readExport(location);
    }
    default:
      return fail(`不认识的来源：${kind}\n${USAGE}`);
  }
}

const config = readConfig(process.env);
let bundle: Bundle;
try {
  bundle = await readSource();
} catch (error) {
  console.error(`读取导入来源失败：${(error as Error).message}`);
  process.exit(1);
}

const db = await openDb(config.database.url, config.database.authToken);
await migrateDb(db);
const target: ImportTarget = {
  db,
  contentDir: config.contentDir,
  uploadDir: config.uploadDir,
  siteConfigFile: options['site-config'] ?? join(PROJECT_ROOT, 'src', 'site.config.ts'),
};
let applied = false;
try {
  const plan = await planFor(target, bundle);
  console.log(planReport(plan));
  if (!options.apply) {
    console.log('\n这是预览，什么都没有写入。确认无误后加上 --apply 执行导入。');
  } else {
    console.log('\n正在导入…');
    console.log(resultReport(await applyPlan(plan, target)));
    applied = true;
  }
} catch (error) {
  console.error(`导入失败：${(error as Error).message}。已写入的部分会被记住，修正后再运行一次只会补上没导入的。`);
  process.exitCode = 1;
} finally {
  await closeDb(db);
}

if (applied && !options['no-publish']) {
  console.log('\n正在发布（构建整个站点）…');
  const build = spawnSync(process.execPath, [join(PROJECT_ROOT, 'scripts', 'build.ts')], {
    stdio: 'inherit',
    env: process.env,
  });
  if (build.status !== 0) {
    console.error('发布失败：导入的内容已经写好，修正上面的问题后运行 npm run build 或在后台点「重新发布」。');
    process.exitCode = 1;
  }
}
