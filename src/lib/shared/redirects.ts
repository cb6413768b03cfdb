/**
 * Old addresses of articles brought from another blog (`/2023/01/02/hello/`, `/posts/1a2b3c/`):
 * `<CONTENT_DIR>/redirects.yaml` maps each to its page here, and the server answers them with a
 * 301, so links from search engines and other sites keep working. Written by `npm run import`,
 * editable by hand; the build carries it to the server with the rest of the content.
 */
import { parse, stringify } from 'yaml';

export const REDIRECTS_FILE = 'redirects.yaml';

const HEADER = '# 旧地址 → 本站地址：服务器以 301 跳转（npm run import 写入，也可以手写；改后重新发布生效）\n';

/** WordPress's default address of a post, `/?p=123`: the one query an old address keeps. */
const WORDPRESS_POST = /^\/?\?p=(\d+)$/;

/**
 * One form per address, as the server compares them: decoded, without a query (but WordPress's
 * `/?p=123`), a trailing slash or an `index.html`, starting with exactly one `/`. Null for what is
 * no path of this site.
 */
export function normalizeOldPath(path: string): string | null {
  let decoded = path.trim();
  try {
    decoded = decodeURI(decoded);
  } catch {
    // Decoded already (`/100%-done`, as an importer hands it over): taken as written.
  }
  const post = WORDPRESS_POST.exec(decoded);
  if (post) return `/?p=${post[1]}`;
  const query = decoded.search(/[?#]/);
  let bare = (query < 0 ? decoded : decoded.slice(0, query)).replace(/\/index\.html?$/i, '/');
  while (bare.endsWith('/')) bare = bare.slice(0, -1);
  if (!bare.startsWith('/') || bare.startsWith('//') || /[\p{Cc}\\]/u.test(bare)) return null;
  return bare;
}

const isTarget = (target: unknown): target is string =>
  typeof target === 'string' && target.startsWith('/') && !target.startsWith('//') && !/[\s\p{Cc}\\]/u.test(target);

/** The map in the file, and a line for each entry that cannot be used. */
export function parseRedirects(text: string): { redirects: Map<string, string>; problems: string[] } {
  const redirects = new Map<string, string>();
  const problems: string[] = [];
  let data: unknown;
  try {
    data = parse(text, { schema: 'core' });
  } catch (error) {
    return { redirects, problems: [`${REDIRECTS_FILE} 无法解析：${(error as Error).message.split('\n')[0]}`] };
  }
  if (data === null || data === undefined) return { redirects, problems };
  if (typeof data !== 'object' || Array.isArray(data))
    return { redirects, problems: [`${REDIRECTS_FILE} 应是「旧地址: 新地址」的列表`] };
  for (const [from, to] of Object.entries(data)) {
    const path = normalizeOldPath(from);
    if (!path || path === '') problems.push(`${from}：不是本站的路径`);
    else if (!isTarget(to)) problems.push(`${from}：跳转目标应是以 / 开头的本站地址`);
    else redirects.set(path, to);
  }
  return { redirects, problems };
}

export function formatRedirects(redirects: ReadonlyMap<string, string>): string {
  const sorted = Object.fromEntries([...redirects].sort(([a], [b]) => a.localeCompare(b)));
  return HEADER + (redirects.size ? stringify(sorted) : '');
}
