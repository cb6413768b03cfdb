/**
 * Reads every built page and records what the Content-Security-Policy must allow: the SHA-256
 * of each inline script, and the origins of images from other hosts. All pages count, not only
 * the first one a reader opens, because <ClientRouter /> runs the scripts of each page it swaps in.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ELEMENT_NODE, parse, TEXT_NODE, walkSync, type ElementNode } from 'ultrahtml';
import { CSP_SOURCES_FILE, originOf, type BuiltCspSources } from '../../src/server/http/cspSources.ts';
import { site } from '../../src/site.config.ts';

// HTML runs a script only when its type is empty, "module", one of these, or a JavaScript MIME
// type; any other type (application/json here) makes it a data block that is never run.
const RUNNABLE_TYPES = new Set(['', 'module', 'importmap', 'speculationrules']);
const JAVASCRIPT_MIME =
  /^(application\/(x-)?(ecma|java)script|text\/(x-)?(ecma|java)script|text\/javascript1\.[0-5]|text\/(jscript|livescript))$/;

export function isRunnableScript(type: string | undefined): boolean {
  const normalized = (type ?? '').trim().toLowerCase();
  return RUNNABLE_TYPES.has(normalized) || JAVASCRIPT_MIME.test(normalized);
}

/** The CSP hash source of an inline script: over its exact text, as the browser sees it. */
export function scriptHash(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

const textOf = (node: ElementNode) =>
  node.children.map((child) => (child.type === TEXT_NODE ? child.value : '')).join('');
const CSS_URL = /url\(\s*(['"]?)([^'")\s]+)\1\s*\)/g;

// The parser keeps attribute values as written; these are the entities Astro's escaping writes.
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#34;': '"',
};
const decode = (value: string) => value.replace(/&(amp|lt|gt|quot|#39|#34);/g, (entity) => ENTITIES[entity]);

/** Every URL a page loads as an image: `<img>` and `<source>` sources, icons, posters, CSS `url()`. */
function imageUrls(node: ElementNode): string[] {
  const name = node.name;
  const attrs = Object.fromEntries(Object.entries(node.attributes).map(([key, value]) => [key, decode(String(value))]));
  const urls: string[] = [];
  if (name === 'img' || name === 'source') {
    if (attrs.src) urls.push(attrs.src);
    for (const candidate of String(attrs.srcset ?? '').split(',')) urls.push(candidate.trim().split(/\s+/)[0]);
  }
  if (name === 'video' && attrs.poster) urls.push(attrs.poster);
  if (name === 'link' && /\b(icon|apple-touch-icon)\b/i.test(attrs.rel ?? '') && attrs.href) urls.push(attrs.href);
  const css = `${attrs.style ?? ''} ${name === 'style' ? textOf(node) : ''}`;
  for (const match of css.matchAll(CSS_URL)) urls.push(match[2]);
  return urls.filter(Boolean);
}

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

/** The images the site config names; a page may show them only after an island renders. */
function configuredImages(): string[] {
  return [
    site.avatar,
    site.avatarBackground,
    ...Object.values(site.pageHeaders),
    site.payment.weChatQr,
    site.payment.aliPayQr,
  ];
}

/**
 * `siteUrl` is where the pages will be served: URLs on it are this origin, not another host.
 * Returns the sources and how many pages were read.
 */
export async function collectCspSources(
  clientDir: string,
  siteUrl: string,
): Promise<BuiltCspSources & { pages: number }> {
  const scriptHashes = new Set<string>();
  const imageOrigins = new Set<string>();
  const own = new URL(siteUrl).origin;
  const addImage = (url: string) => {
    if (!URL.canParse(url, siteUrl)) return;
    for (const origin of originOf(new URL(url, siteUrl).href)) if (origin !== own) imageOrigins.add(origin);
  };
  let pages = 0;
  for await (const file of htmlFiles(clientDir)) {
    pages++;
    walkSync(parse(await readFile(file, 'utf8')), (node) => {
      if (node.type !== ELEMENT_NODE) return;
      if (node.name === 'script' && !node.attributes.src && isRunnableScript(node.attributes.type))
        scriptHashes.add(scriptHash(textOf(node)));
      for (const url of imageUrls(node)) addImage(url);
    });
  }
  for (const url of configuredImages()) addImage(url);
  return {
    pages,
    scriptHashes: [...scriptHashes].sort(),
    imageOrigins: [...imageOrigins].sort(),
    connectOrigins: originOf(site.landing.quoteUrl),
  };
}

/** Writes the sources where the server reads them: `<distDir>/server/`, never the public folder. */
export async function writeCspSources(distDir: string, siteUrl: string) {
  const { pages, ...sources } = await collectCspSources(join(distDir, 'client'), siteUrl);
  await writeFile(join(distDir, 'server', CSP_SOURCES_FILE), `${JSON.stringify(sources, null, 2)}\n`);
  return { pages, ...sources };
}
