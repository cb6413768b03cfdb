/**
 * The article fields the owner edits in the console, each with the rule the save and the build
 * both apply (src/lib/shared/contentSchema.ts adds the fields the server keeps: id, dates, order,
 * draft, private). Everything else is derived from this list: the editor's form and its empty
 * state, the save request and its check, the front matter a save writes and the editor reads back
 * (src/lib/shared/articleForm.ts), and the page data. A new field is a line here, its form control,
 * and its place on the page.
 */
import { z } from 'astro/zod';
import { ARTICLE_TYPES, type ArticleType } from './writing.ts';
import {
  ARTICLE_DESCRIPTION_MAX as DESCRIPTION_MAX,
  ARTICLE_TAGS_MAX as TAGS_MAX,
  ARTICLE_TITLE_MAX as TITLE_MAX,
  ARTICLE_BODY_MAX,
  TAXONOMY_NAME_MAX as NAME_MAX,
} from './limits.ts';

// Zod compiles checks with `new Function` unless told not to: the console's pages allow no eval.
z.config({ jitless: true });

/**
 * A category's or tag's name. Each one gets a page at an address made from it (namePaths.ts), so
 * anything an address can carry is allowed (`C#`, `../x`, `100%`, `测试/分类`); what no address or
 * file name can hold is refused: control characters (a line break), a broken character (half of an
 * emoji's UTF-16 pair), and `.` or `..`, which a browser takes for a folder. The length keeps the
 * page's folder name within what a file system allows.
 */
export const taxonomyName = (what: string) =>
  z
    .string({ error: `请填写${what}` })
    .trim()
    .min(1, { error: `请填写${what}` })
    .max(NAME_MAX, { error: `${what}最多 ${NAME_MAX} 个字` })
    .refine((value) => !/\p{Cc}/u.test(value), { error: `${what}不能含有换行、制表符等控制字符` })
    .refine((value) => !/[\uD800-\uDFFF]/u.test(value), { error: `${what}含有残缺的字符，请重新输入` })
    .refine((value) => value !== '.' && value !== '..', { error: `${what}不能是 . 或 ..（网址里它们表示上一级目录）` });

/**
 * The edited fields as the front matter holds them. In the form a text is `''` and a flag `false`
 * where the file leaves the field out; a field that is not `.optional()` (nor has a default) must
 * be filled.
 */
export const editedArticleFields = {
  title: z
    .string({ error: '请填写标题' })
    .trim()
    .min(1, { error: '请填写标题' })
    .max(TITLE_MAX, { error: `标题最多 ${TITLE_MAX} 个字` }),
  description: z
    .string({ error: '摘要必须是文字' })
    .max(DESCRIPTION_MAX, { error: `摘要最多 ${DESCRIPTION_MAX} 个字` })
    .optional(),
  category: taxonomyName('分类'),
  tags: z
    .array(taxonomyName('标签'), { error: '请至少填写一个标签' })
    .min(1, { error: '请至少填写一个标签' })
    .max(TAGS_MAX, { error: `标签最多 ${TAGS_MAX} 个` }),
  pinned: z.boolean({ error: '置顶只能是是或否' }).default(false),
  type: z.enum(ARTICLE_TYPES, { error: '文章类型只能是原创、转载或翻译' }).default('original'),
  origin_url: z.url({ error: '原文链接必须是完整的网址（http:// 或 https:// 开头）', protocol: /^https?$/ }).optional(),
};
export type EditedArticleFields = typeof editedArticleFields;

/** The rule that ties two fields together, for every reader of the schema. */
export const ORIGIN_REQUIRED = {
  check: (a: { type: ArticleType; origin_url?: string }) => a.type === 'original' || Boolean(a.origin_url),
  message: '转载或翻译的文章必须填写原文链接',
  path: ['origin_url'],
};

/** What kind of value a field is in the form, from what its rule gives. */
type Held<S extends z.ZodType> = NonNullable<z.output<S>>;
/** A field's wire rule: its form value's type with a size cap and a default, the exact check being the content schema's. */
export type WireRule<S extends z.ZodType> =
  Held<S> extends boolean
    ? z.ZodDefault<z.ZodBoolean>
    : Held<S> extends readonly unknown[]
      ? z.ZodDefault<z.ZodArray<z.ZodString>>
      : string extends Held<S>
        ? z.ZodDefault<z.ZodString>
        : z.ZodDefault<z.ZodEnum<{ [K in Held<S> & string]: K }>>;
export type WireShape<F extends Record<string, z.ZodType>> = { [K in keyof F]: WireRule<F[K]> };

/** Any one text of the form: the save's body limit bounds them all together. */
const TEXT_CAP = 2000;
const LIST_CAP = 100;

/** The innermost rule under `.optional()`, `.default()` and the like. */
export function innermost(rule: z.ZodType): z.ZodType {
  let inner = rule;
  while (
    'unwrap' in inner &&
    typeof inner.unwrap === 'function' &&
    ['optional', 'default', 'nullable', 'prefault'].includes(inner.def.type)
  )
    inner = inner.unwrap();
  return inner;
}

/** The value a field has in an empty form. */
export function emptyValue(rule: z.ZodType): unknown {
  if (rule.def.type === 'default') return (rule as z.ZodDefault).def.defaultValue;
  const kind = innermost(rule).def.type;
  return kind === 'boolean' ? false : kind === 'array' ? [] : '';
}

/** A wire rule for each field: the form's type, capped, with the empty form's value as default. */
export function wireShape<F extends Record<string, z.ZodType>>(fields: F): WireShape<F> {
  const shape = Object.entries(fields).map(([key, rule]) => {
    const inner = innermost(rule);
    const empty = emptyValue(rule);
    if (inner.def.type === 'boolean')
      return [key, z.boolean({ error: `${key} 只能是 true 或 false` }).default(empty as boolean)];
    if (inner.def.type === 'array')
      return [
        key,
        z
          .array(z.string({ error: `${key} 必须是文字列表` }).max(TEXT_CAP), { error: `${key} 必须是列表` })
          .max(LIST_CAP)
          .default([]),
      ];
    if (inner.def.type === 'enum') return [key, (inner as z.ZodEnum).default(empty as never)];
    return [
      key,
      z
        .string({ error: `${key} 必须是文字` })
        .max(TEXT_CAP, { error: `${key} 太长` })
        .default(''),
    ];
  });
  return Object.fromEntries(shape) as WireShape<F>;
}

/** The fields of the form that are not front matter fields of their own. */
const formOnly = {
  body: z
    .string({ error: '正文必须是文字' })
    .max(ARTICLE_BODY_MAX, { error: `正文最多 ${ARTICLE_BODY_MAX} 个字符` })
    .default(''),
  /** `./covers/…`, beside the article, or empty. */
  cover: z.string({ error: '封面必须是图片路径' }).max(200).default(''),
  /** false: private, listed only in the console. */
  public: z.boolean({ error: 'public 只能是 true 或 false' }).default(true),
  /** "YYYY-MM-DD HH:mm:ss"; a future date publishes by itself then. Empty: now. */
  date: z.string({ error: '日期必须是文字' }).max(40).default(''),
};

/** The editor's form for `fields`, as sent and as read back. */
export const articleDraftOf = <F extends Record<string, z.ZodType>>(fields: F) =>
  z.object({ ...wireShape(fields), ...formOnly });

/** The editor's fields, as sent and as read back. */
export const articleDraft = articleDraftOf(editedArticleFields);
export type ArticleDraft = z.output<typeof articleDraft>;

const DRAFT_KEYS = Object.keys(articleDraft.shape) as (keyof ArticleDraft)[];
/** The form's fields alone, from an article or a request that carries more. */
export const pickDraft = (from: ArticleDraft): ArticleDraft =>
  Object.fromEntries(DRAFT_KEYS.map((key) => [key, from[key]])) as ArticleDraft;
