import { z } from 'astro/zod';
import { MAX_PAGE_SIZE } from '../../contract/limits.ts';
import type { InputOf, Route } from '../../contract/routes.ts';
import { badRequest } from './envelope.ts';

// A rule without a message of its own would otherwise refuse in zod's default English.
z.config(z.locales.zhCN());

/** Parses input or throws a 400 naming every wrong field, with the first problem as the message. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = [...new Set(result.error.issues.map((issue) => issue.path.join('.') || 'body'))];
  throw badRequest(result.error.issues[0]?.message || '参数有误', fields);
}

/**
 * The schema of what `route` takes (or each of several routes that take the same), held to the
 * route's input type (src/contract/routes.ts): what it parses must be what the browser is typed to
 * send, or neither compiles.
 */
export const inputSchema = <R extends Route, S extends z.ZodType<InputOf<R>, unknown>>(
  _route: R | readonly R[],
  schema: S,
): S => schema;

/** A positive integer id from a path or body, strings of digits included. */
export const id = (label = 'id') =>
  z.coerce
    .number({ error: `${label} 必须是数字` })
    .int({ error: `${label} 必须是整数` })
    .positive({ error: `${label} 必须大于 0` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${label} 超出范围` });

/** `current` from 1; `size` from 1, capped at the maximum rather than refused (docs/api.md §1.7). */
export const paging = {
  current: id('current').max(1_000_000, { error: 'current 超出范围' }),
  size: id('size').transform((n) => Math.min(n, MAX_PAGE_SIZE)),
};
export const pagingSchema = z.object(paging);

/** The error of a body that is not a JSON object, for `z.object(shape, NOT_AN_OBJECT)`. */
export const NOT_AN_OBJECT = { error: '请求体必须是 JSON 对象' };

/** A text field's value, trimmed, `null` read as empty, then held to its rule (a Chinese problem, or null). */
export const checkedText = <T extends z.ZodType<string | number | null>>(
  input: T,
  problem: (value: string) => string | null,
) =>
  input
    .transform((value) => (value === null ? '' : String(value).trim()))
    .superRefine((value, ctx) => {
      const message = problem(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

/** `idList`: 1 to `max` ids of `what`, for an action (`删除`, `审核`) on several at once. */
export const idList = (what: string, action: string, max: number) =>
  z
    .array(id('idList 中的 id'), { error: `idList 必须是${what} id 的数组` })
    .min(1, { error: `请选择要${action}的${what}` })
    .max(max, { error: `一次最多${action} ${max} 条${what}` });

/** The token of a link the site mailed (a reset, a verify, a confirm, an undo). */
export const linkTokenBody = z.object(
  {
    token: z
      .string({ error: '链接不完整，请从邮件里重新打开' })
      .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: '链接不完整，请从邮件里重新打开' }),
  },
  NOT_AN_OBJECT,
);
