/**
 * What another blog's article fields become in ours, within the rules our front matter keeps
 * (src/contract/articleFields.ts): a value past a limit is cut, an impossible one dropped, and
 * each change is written down for the report, so the build never meets a file it refuses.
 */
import { formatDateTime, parseSiteDate } from '../../../lib/shared/time.ts';
import { taxonomyName } from '../../../contract/articleFields.ts';
import {
  ARTICLE_DESCRIPTION_MAX,
  ARTICLE_TAGS_MAX,
  ARTICLE_TITLE_MAX,
  TAXONOMY_NAME_MAX,
} from '../../../contract/limits.ts';
import type { LeftBehind } from '../bundle.ts';

/** Where a source's article has no category, or no tag: a field our articles must fill. */
export const UNCATEGORIZED = '未分类';

/** Notes for the report about one thing of the source. */
export type Notes = (reason: string) => void;

export const notesInto =
  (leftBehind: LeftBehind[], where: string): Notes =>
  (reason) =>
    leftBehind.push({ where, reason });

/** `text` cut to `max` UTF-16 units (as the schema counts), never through the middle of a character. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = '';
  for (const char of text) {
    if (cut.length + char.length > max) break;
    cut += char;
  }
  return cut;
}

/** `text` without `char` repeated at its ends (a loop: a regular expression for it backtracks on long runs). */
export function trimChar(text: string, char: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === char) start++;
  while (end > start && text[end - 1] === char) end--;
  return text.slice(start, end);
}

/** A value the source wrote as a name: text, or a number YAML read as one. */
export const asText = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : null;

export function tidyTitle(raw: string, note: Notes): string {
  const title = raw.replace(/\p{Cc}+/gu, ' ').trim();
  if (title.length <= ARTICLE_TITLE_MAX) return title;
  note(`标题超过 ${ARTICLE_TITLE_MAX} 个字，已截断`);
  return cutText(title, ARTICLE_TITLE_MAX);
}

export function tidyDescription(raw: string | null | undefined, note: Notes): string | undefined {
  const description = raw?.trim();
  if (!description) return undefined;
  if (description.length <= ARTICLE_DESCRIPTION_MAX) return description;
  note(`摘要超过 ${ARTICLE_DESCRIPTION_MAX} 个字，已截断`);
  return cutText(description, ARTICLE_DESCRIPTION_MAX);
}

const categoryRule = taxonomyName('分类');
const tagRule = taxonomyName('标签');

/** A category's or tag's name as ours can hold it, or null with the reason. */
function tidyName(raw: string, rule: typeof categoryRule, what: string, note: Notes): string | null {
  // Whitespace runs (a line break in a YAML block) become one space: a name is one line.
  let name = raw.replace(/\s+/g, ' ').trim();
  if (!name) return null;
  if (name.length > TAXONOMY_NAME_MAX) {
    note(`${what}「${name}」超过 ${TAXONOMY_NAME_MAX} 个字，已截断`);
    name = cutText(name, TAXONOMY_NAME_MAX).trim();
  }
  const checked = rule.safeParse(name);
  if (checked.success) return checked.data;
  note(`${what}「${name}」不能使用（${checked.error.issues[0]?.message}），已舍弃`);
  return null;
}

/** The one category an article has here, from the first name the source gives. */
export function tidyCategory(first: string | null, note: Notes): string {
  return (first !== null && tidyName(first, categoryRule, '分类', note)) || UNCATEGORIZED;
}

/** The tags as ours can hold them: each once, at most ARTICLE_TAGS_MAX, and at least one. */
export function tidyTags(raw: string[], note: Notes): string[] {
  const tags: string[] = [];
  for (const value of raw) {
    const tag = tidyName(value, tagRule, '标签', note);
    if (tag && !tags.includes(tag)) tags.push(tag);
  }
  if (tags.length > ARTICLE_TAGS_MAX) {
    note(`标签超过 ${ARTICLE_TAGS_MAX} 个，舍弃了：${tags.slice(ARTICLE_TAGS_MAX).join('、')}`);
    tags.length = ARTICLE_TAGS_MAX;
  }
  return tags.length ? tags : [UNCATEGORIZED];
}

// Hexo reads dates with moment, Hugo with Go: both take a few more shapes than ours, and a zone.
const LOOSE_DATE =
  /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ] ?(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.\d{1,9})?)?)? ?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

const pad = (digits: string | undefined) => (digits ?? '0').padStart(2, '0');

/**
 * An instant from a date a source wrote: with a zone, as it says; without one, on the site's wall
 * clock (a Hexo or WordPress blog of Chinese readers is on Beijing time). Null when it is no date.
 */
export function parseImportDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(+value) ? null : value;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const m = LOOSE_DATE.exec(text);
  if (!m) return parseSiteDate(text);
  const [, year, month, day, hour, minute, second, zone] = m;
  const wall = `${year}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}:${pad(second)}`;
  const onSiteClock = parseSiteDate(wall);
  if (!onSiteClock || !zone) return onSiteClock;
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(3).replace(':', '') || '00'}`;
  const instant = new Date(`${wall.replace(' ', 'T')}${offset}`);
  return Number.isNaN(+instant) ? null : instant;
}

/** The parts of an instant on the site's clock, for rebuilding an old address from its date. */
export function siteClockParts(date: Date) {
  const [year, month, day, hour, minute, second] = formatDateTime(date).split(/[- :]/);
  return { year, month, day, hour, minute, second };
}
