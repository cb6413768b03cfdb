/**
 * A Hexo or Hugo blog, read from its folder: each Markdown post an article, with its old address
 * and the pictures beside it. A post that cannot be read is reported and the rest come over.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { emptyBundle, type Bundle } from '../bundle.ts';
import { readPost, type PostFile } from './hexoPost.ts';
import { findLayout } from './hexoSite.ts';

const MARKDOWN = /\.(?:md|markdown)$/i;
const BUNDLE_INDEX = /^index\.(?:md|markdown)$/i;

/**
 * The Markdown posts under `dir`, from `prefix`, in name order. Left out: what Hexo hides (a name
 * starting with `_` or `.`, which also skips Hugo's `_index.md` list pages), links (they could
 * lead out of the site), and the other files of a Hugo page bundle or a Hexo asset folder, which
 * are the post's attachments, not posts.
 */
async function markdownFiles(dir: string, prefix: string, kind: 'hexo' | 'hugo'): Promise<string[]> {
  const entries = (await readdir(dir, { withFileTypes: true }))
    .filter((e) => !e.name.startsWith('.') && !e.name.startsWith('_') && !e.isSymbolicLink())
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const index = kind === 'hugo' && prefix ? entries.find((e) => e.isFile() && BUNDLE_INDEX.test(e.name)) : undefined;
  if (index) return [`${prefix}${index.name}`];
  const posts = entries.filter((e) => e.isFile() && MARKDOWN.test(e.name)).map((e) => e.name);
  const assetFolders = new Set(posts.map((name) => name.replace(MARKDOWN, '')));
  const found = posts.map((name) => `${prefix}${name}`);
  for (const entry of entries) {
    if (!entry.isDirectory() || (kind === 'hexo' && assetFolders.has(entry.name))) continue;
    found.push(...(await markdownFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`, kind)));
  }
  return found;
}

/**
 * A Hexo site (its root or `source/_posts`) or a Hugo site (its root or `content/posts`). Keys are
 * `hexo:<path from _posts>` (`hexo:_drafts/<path>` for a Hexo draft) or `hugo:<path from posts>`.
 */
export async function readHexo(folder: string): Promise<Bundle> {
  const bundle = emptyBundle('');
  const layout = await findLayout(folder, bundle.leftBehind);
  bundle.source = `${layout.kind === 'hexo' ? 'Hexo' : 'Hugo'} 站点 ${layout.siteRoot}`;
  bundle.siteKey = bundle.source;
  const files: PostFile[] = (await markdownFiles(layout.postsDir, '', layout.kind)).map((rel) => ({
    file: path.join(layout.postsDir, rel),
    rel,
    key: `${layout.kind}:${rel}`,
    draftFolder: false,
  }));
  if (layout.draftsDir) {
    for (const rel of await markdownFiles(layout.draftsDir, '', 'hexo'))
      files.push({ file: path.join(layout.draftsDir, rel), rel, key: `hexo:_drafts/${rel}`, draftFolder: true });
  }
  for (const file of files) {
    const article = await readPost(file, layout, bundle.leftBehind);
    if (article) bundle.articles.push(article);
  }
  return bundle;
}
