/**
 * An article's edited fields (src/contract/articleFields.ts) in the form and in the front matter,
 * each from the other, for any list of them: the server writes and reads files with these, and the
 * editor checks a form against the front matter it would make.
 */
import type { z } from 'astro/zod';
import { editedArticleFields, emptyValue, innermost, type WireShape } from '../../contract/articleFields.ts';

type Fields = Record<string, z.ZodType>;
/** The edited fields' values as the form holds them. */
export type EditedValues<F extends Fields> = { [K in keyof F]: z.output<WireShape<F>[K]> };

/** A value as the front matter keeps it: a text trimmed, a list without blanks or repeats, and the empty form's value left out. */
function stored(value: unknown, empty: unknown): unknown {
  if (Array.isArray(value))
    return [
      ...new Set(value.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '')),
    ];
  const kept = typeof value === 'string' ? value.trim() : value;
  return kept === empty || kept === '' ? undefined : kept;
}

/** A front matter value as the form holds it: the empty form's value where the file has none, or one of another kind. */
function held(value: unknown, rule: z.ZodType): unknown {
  const empty = emptyValue(rule);
  const inner = innermost(rule);
  if (inner.def.type === 'enum') return (inner as z.ZodEnum).options.includes(value as never) ? value : empty;
  if (typeof empty === 'boolean') return typeof value === 'boolean' ? value : empty;
  if (Array.isArray(empty)) return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : empty;
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : empty;
}

export function articleFormOf<F extends Fields>(fields: F) {
  return {
    /** The edited fields of a form as front matter. */
    toFrontmatter(draft: Record<string, unknown>): Record<string, unknown> {
      const data = Object.fromEntries(
        Object.entries(fields).map(([key, rule]) => [key, stored(draft[key], emptyValue(rule))]),
      );
      // The origin belongs to a repost or a translation only.
      if ('origin_url' in data && data.type === undefined) data.origin_url = undefined;
      return data;
    },
    /** The edited fields of a form, from front matter. */
    fromFrontmatter(data: Record<string, unknown>): EditedValues<F> {
      return Object.fromEntries(
        Object.entries(fields).map(([key, rule]) => [key, held(data[key], rule)]),
      ) as EditedValues<F>;
    },
  };
}

export const articleForm = articleFormOf(editedArticleFields);
