/** `npm run new:post -- "标题"`: a new draft article with the next free id. */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nextFreeId, postFileName, postTemplate } from './lib/post.ts';

const DIR = join('src', 'content', 'articles');
const title = process.argv.slice(2).join(' ').trim();
if (!title) {
  console.error('请提供文章标题，例如：npm run new:post -- "我的新文章"');
  process.exit(1);
}

const ids = readdirSync(DIR)
  .filter((name) => name.endsWith('.md'))
  .map((name) => /^id:\s*(\d+)\s*$/m.exec(readFileSync(join(DIR, name), 'utf8'))?.[1])
  .filter((id): id is string => Boolean(id))
  .map(Number);
const id = nextFreeId(ids);
const file = join(DIR, postFileName(id, title));
if (existsSync(file)) {
  console.error(`文件已存在：${file}`);
  process.exit(1);
}
writeFileSync(file, postTemplate(id, title, new Date()));
console.log(`已创建 ${file}（id ${id}）。写完后把 draft 改为 false，再运行 npm run build。`);
