/**
 * Which folders of a Hexo or Hugo site hold what: the owner may point the import at the site's
 * root or at its posts folder, and the old addresses and root-relative pictures depend on knowing
 * the root (its `_config.yml`, `source/` or `static/`).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import type { LeftBehind } from '../bundle.ts';
import { trimChar } from './tidy.ts';

export interface SiteLayout {
  kind: 'hexo' | 'hugo';
  /** Nothing outside it is read. */
  siteRoot: string;
  postsDir: string;
  /** Hexo's `source/_drafts`, read only when the site's root was given. */
  draftsDir: string | null;
  /** Where a root path (`/images/a.png`) is looked for. */
  rootDirs: string[];
  /** The address prefix the site was served under: Hexo's `root`, `/` by default. */
  urlRoot: string;
  /** The site's permalink pattern; null when no configuration says (the engine's default applies). */
  permalink: string | null;
  /** Hexo's `category_map` (a category's name → the slug its address used). */
  categoryMap: Record<string, string>;
  /** Hexo's `default_category`, in `:category` for a post without one. */
  defaultCategory: string;
  /** Hugo's `uglyURLs`: `/posts/foo.html` rather than `/posts/foo/`. */
  uglyUrls: boolean;
}

const isDir = async (dir: string) => (await stat(dir).catch(() => null))?.isDirectory() ?? false;
const isFile = async (file: string) => (await stat(file).catch(() => null))?.isFile() ?? false;

type Config = Record<string, unknown>;

/** The first configuration file of `names` in `root`, parsed; a broken one is reported and taken as empty. */
async function readConfig(root: string, names: string[], leftBehind: LeftBehind[]): Promise<Config | null> {
  for (const name of names) {
    const file = path.join(root, name);
    if (!(await isFile(file))) continue;
    try {
      const text = await readFile(file, 'utf8');
      const parsed: unknown = name.endsWith('.toml')
        ? parseToml(text)
        : name.endsWith('.json')
          ? JSON.parse(text)
          : parseYaml(text);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Config) : {};
    } catch (error) {
      leftBehind.push({ where: name, reason: `站点配置无法解析，按默认设置读取：${(error as Error).message}` });
      return {};
    }
  }
  return null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

async function hexoLayout(siteRoot: string, postsDir: string, withDrafts: boolean, leftBehind: LeftBehind[]) {
  const config = await readConfig(siteRoot, ['_config.yml', '_config.yaml'], leftBehind);
  const categoryMap = config?.category_map;
  const draftsDir = path.join(siteRoot, 'source', '_drafts');
  return {
    kind: 'hexo',
    siteRoot,
    postsDir,
    draftsDir: withDrafts && (await isDir(draftsDir)) ? draftsDir : null,
    rootDirs: [path.join(siteRoot, 'source')],
    urlRoot: `/${trimChar(text(config?.root) ?? '', '/')}/`.replace('//', '/'),
    // A site with a `_config.yml` but no `permalink` uses Hexo's default.
    permalink: config ? (text(config.permalink) ?? ':year/:month/:day/:title/') : null,
    categoryMap:
      categoryMap && typeof categoryMap === 'object'
        ? Object.fromEntries(Object.entries(categoryMap).map(([k, v]) => [k, String(v)]))
        : {},
    defaultCategory: text(config?.default_category) ?? 'uncategorized',
    uglyUrls: false,
  } satisfies SiteLayout;
}

const HUGO_CONFIGS = ['hugo.toml', 'hugo.yaml', 'hugo.yml', 'hugo.json', 'config.toml', 'config.yaml', 'config.yml'];

async function hugoLayout(siteRoot: string, postsDir: string, leftBehind: LeftBehind[]) {
  const config =
    (await readConfig(siteRoot, HUGO_CONFIGS, leftBehind)) ??
    (await readConfig(path.join(siteRoot, 'config', '_default'), HUGO_CONFIGS, leftBehind));
  const section = path.basename(postsDir);
  // `permalinks: { posts: … }`, or since Hugo 0.112 `permalinks: { page: { posts: … } }`.
  const permalinks = (config?.permalinks ?? {}) as Record<string, unknown>;
  const pagePermalinks = (permalinks.page ?? {}) as Record<string, unknown>;
  return {
    kind: 'hugo',
    siteRoot,
    postsDir,
    draftsDir: null,
    rootDirs: [path.join(siteRoot, 'static')],
    urlRoot: '/',
    permalink: text(pagePermalinks[section]) ?? text(permalinks[section]),
    categoryMap: {},
    defaultCategory: '',
    uglyUrls: config?.uglyURLs === true,
  } satisfies SiteLayout;
}

/**
 * The layout of the folder given: a Hexo site's root (`source/_posts`), its `_posts`, a Hugo
 * site's root (`content/posts`) or its `content/posts`. Any other folder of Markdown files is read
 * as a Hexo posts folder on its own.
 */
export async function findLayout(folder: string, leftBehind: LeftBehind[]): Promise<SiteLayout> {
  const given = path.resolve(folder);
  if (!(await isDir(given))) throw new Error(`找不到文件夹：${given}`);
  if (await isDir(path.join(given, 'source', '_posts')))
    return hexoLayout(given, path.join(given, 'source', '_posts'), true, leftBehind);
  for (const section of ['posts', 'post']) {
    if (await isDir(path.join(given, 'content', section)))
      return hugoLayout(given, path.join(given, 'content', section), leftBehind);
  }
  const parent = path.dirname(given);
  if (path.basename(given) === '_posts' && path.basename(parent) === 'source')
    return hexoLayout(path.dirname(parent), given, false, leftBehind);
  if (path.basename(parent) === 'content') return hugoLayout(path.dirname(parent), given, leftBehind);
  return { ...(await hexoLayout(given, given, false, leftBehind)), rootDirs: [], permalink: null };
}
