import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseRedirects, REDIRECTS_FILE } from '../../lib/shared/redirects';

/** Where the owner's content lives, as src/content.config.ts reads it. */
const contentDir = process.env.CONTENT_DIR || './src/content';

/**
 * Build-time export of the old addresses (src/lib/shared/redirects.ts) for the server, moved out of
 * the public folder with the articles. An entry that cannot be used fails no build: it is named in
 * the build's output and left out.
 */
export async function GET() {
  const text = await readFile(join(contentDir, REDIRECTS_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const { redirects, problems } = parseRedirects(text);
  for (const problem of problems) console.warn(`旧地址跳转 ${REDIRECTS_FILE}：${problem}`);
  return Response.json(Object.fromEntries(redirects));
}
