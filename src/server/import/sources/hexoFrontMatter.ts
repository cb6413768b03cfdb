/**
 * A Hexo or Hugo post's front matter and body: YAML between `---` (ours too), Hugo's TOML between
 * `+++`, and Hexo's older form with no opening `---`. Then the fields whose shape varies across
 * the two engines and their themes: categories, tags, the cover, pinning.
 */
import { parse as parseToml, TomlDate } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { splitFrontMatter } from '../../../lib/shared/frontMatter.ts';
import { asText } from './tidy.ts';

export type FrontMatter = Record<string, unknown>;

const TOML_BLOCK = /^\+\+\+[ \t]*\n([\s\S]*?)\n\+\+\+[ \t]*(?:\n|$)/;

const isMapping = (value: unknown): value is FrontMatter =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);

/** TOML's dates as the text they were, so one date reader serves both formats (a local one has no zone). */
function tomlDatesAsText(value: unknown): unknown {
  if (value instanceof TomlDate) return value.toISOString();
  if (Array.isArray(value)) return value.map(tomlDatesAsText);
  if (isMapping(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, tomlDatesAsText(v)]));
  return value;
}

const HEXO_FIELDS = ['title', 'date', 'tags', 'categories'];

/**
 * The front matter and the body of a post's text (line ends already `\n`). Throws with the
 * parser's message when the block is there but broken.
 */
export function splitPost(text: string): { frontMatter: FrontMatter; body: string } {
  const yaml = splitFrontMatter(text);
  if (yaml.yaml !== null) return { frontMatter: asMapping(parseYaml(yaml.yaml)), body: yaml.body };
  const toml = TOML_BLOCK.exec(text);
  if (toml) {
    const data = tomlDatesAsText(parseToml(toml[1]));
    return { frontMatter: asMapping(data), body: text.slice(toml[0].length).replace(/^\n/, '') };
  }
  // Hexo also reads a block with no opening `---`, when what comes before the first `---` is YAML.
  const end = text.search(/^---[ \t]*$/m);
  if (end > 0) {
    try {
      const head: unknown = parseYaml(text.slice(0, end));
      if (isMapping(head) && HEXO_FIELDS.some((field) => field in head))
        return {
          frontMatter: head,
          body: text
            .slice(end)
            .replace(/^---[ \t]*\n?/, '')
            .replace(/^\n/, ''),
        };
    } catch {
      // Not front matter: a text that happens to have a rule in it.
    }
  }
  return { frontMatter: {}, body: text };
}

function asMapping(value: unknown): FrontMatter {
  if (value === null || value === undefined) return {};
  if (!isMapping(value)) throw new Error('front matter 不是“字段: 值”的形式');
  return value;
}

export interface Categories {
  /** The first category, or null. */
  first: string | null;
  /** The hierarchy the first one heads, from the top (Hexo's `:category` in addresses). */
  path: string[];
  /** All of them as written, when there was more than the one taken: `后端 > Node.js；随笔`. */
  dropped: string | null;
}

const texts = (values: unknown[]) => values.map(asText).filter((v): v is string => v !== null && v.trim() !== '');

/**
 * Hexo reads a flat list as one hierarchy (`[后端, Node.js]`: Node.js under 后端) and a list
 * holding lists as several (`[[后端, Node.js], 随笔]`); Hugo's categories are all flat.
 */
export function readCategories(value: unknown, kind: 'hexo' | 'hugo'): Categories {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const nested = list.some(Array.isArray);
  const hierarchies: string[][] =
    kind === 'hexo' && !nested ? [texts(list)] : list.map((entry) => texts(Array.isArray(entry) ? entry : [entry]));
  const kept = hierarchies.filter((h) => h.length);
  const first = kept[0]?.[0] ?? null;
  const count = kept.reduce((sum, h) => sum + h.length, 0);
  return {
    first,
    path: kind === 'hexo' ? (kept[0] ?? []) : first ? [first] : [],
    dropped: count > 1 ? kept.map((h) => h.join(' > ')).join('；') : null,
  };
}

/** Tags as a list of names: Hexo and Hugo take one name or a list. */
export function readTags(value: unknown): string[] {
  const list = Array.isArray(value) ? value.flat() : value === undefined || value === null ? [] : [value];
  return texts(list);
}

/** Front-matter fields themes use for the cover picture, in the order they are tried. */
const COVER_FIELDS = [
  'cover',
  'thumbnail',
  'banner',
  'image',
  'index_img',
  'featured_image',
  'featuredImage',
  'images',
];

/** The cover as written, from the first field that names one (`cover: {image: …}` in PaperMod, `images: [...]` in Hugo). */
export function readCover(frontMatter: FrontMatter): string | null {
  for (const field of COVER_FIELDS) {
    let value = frontMatter[field];
    if (Array.isArray(value)) value = value[0];
    if (isMapping(value)) value = value.image ?? value.src;
    const text = asText(value)?.trim();
    if (text) return text;
  }
  return null;
}

/** Hexo's `top` (hexo-generator-index-pin-top) or `sticky` (hexo-generator-index): true, or a weight. */
export function readPinned(frontMatter: FrontMatter): { pinned: boolean; order: number } {
  const value = frontMatter.top ?? frontMatter.sticky;
  if (value === true || value === 'true') return { pinned: true, order: 0 };
  const weight = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  // Hexo puts the larger weight first, we the smaller order: the weight turned round keeps the old sequence.
  if (Number.isFinite(weight) && weight > 0) return { pinned: true, order: -Math.round(weight) };
  return { pinned: false, order: 0 };
}

/** A yes-or-no field, as YAML or a hand-written string gives it. */
export const isYes = (value: unknown) => value === true || value === 'true';
export const isNo = (value: unknown) => value === false || value === 'false';
