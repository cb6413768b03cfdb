/**
 * Image addresses in API answers are absolute (docs/api.md §1.1): a client on another origin,
 * like the original front end on its own dev server, can show covers, avatars and backgrounds.
 * The site's pages get the same answers and show them as they are. The rule lives here, once,
 * between the routes and the wire: every field that names an image, at any depth.
 * Where a client sends such an address back (an avatar, a background), it becomes the site path
 * the server stores and checks.
 */
import type { Request, RequestHandler } from 'express';

/** The answer fields that hold an image address, or a list of them. */
export const IMAGE_FIELDS = new Set([
  'article_cover',
  'talkImgList',
  'avatar',
  'from_avatar',
  'bg_url',
  'site_avatar',
  'blog_avatar',
  'avatar_bg',
  'we_chat_pay',
  'ali_pay',
  'we_chat_group',
  'qq_group',
]);

/** A path of this site (`/img/a.svg`), not a full address or a protocol-relative one. */
const isSitePath = (value: string) => value.startsWith('/') && !value.startsWith('//');

/** `items` with `change` applied to each; `items` itself when nothing changed. */
function mapChanged(items: readonly unknown[], change: (item: unknown) => unknown): readonly unknown[] {
  let changed: unknown[] | null = null;
  items.forEach((item, i) => {
    const made = change(item);
    if (made !== item) (changed ??= [...items])[i] = made;
  });
  return changed ?? items;
}

function absolute(value: unknown, originOf: () => string): unknown {
  if (typeof value === 'string') return isSitePath(value) ? originOf() + value : value;
  if (Array.isArray(value)) return mapChanged(value, (item) => absolute(item, originOf));
  return value;
}

/**
 * `result` with every image field made absolute against the origin `originOf` gives (asked only
 * when a site path is found); other values untouched. Nothing is changed in place: an object that
 * holds no site path in an image field is given back as it is (answers share cached objects), and
 * one that does is copied.
 */
export function withAbsoluteImages(result: unknown, originOf: () => string): unknown {
  if (Array.isArray(result)) return mapChanged(result, (item) => withAbsoluteImages(item, originOf));
  // A Date goes to JSON as it is: walking its (no) fields would make it an empty object.
  if (result === null || typeof result !== 'object' || result instanceof Date) return result;
  const fields = result as Record<string, unknown>;
  let changed: Record<string, unknown> | null = null;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    const made = IMAGE_FIELDS.has(key) ? absolute(value, originOf) : withAbsoluteImages(value, originOf);
    if (made !== value) (changed ??= { ...fields })[key] = made;
  }
  return changed ?? result;
}

/** The addresses this site goes by: `SITE_URL` when the owner set it, and the one this request came to. */
const originsOf = (req: Request, siteOrigin: string | null): string[] => {
  const here = `${req.protocol}://${req.get('host')}`;
  return siteOrigin && siteOrigin !== here ? [siteOrigin, here] : [here];
};

/** An address a client sends back: one of this site's own absolute addresses becomes its path; anything else is left for the field's rule. */
export function sitePath(value: string, origins: readonly string[]): string {
  for (const origin of origins) {
    if (value.startsWith(`${origin}/`)) return value.slice(origin.length);
  }
  return value;
}

/**
 * Image addresses both ways, for every route under this router: the image fields of a JSON body
 * that name this site's own files become site paths (an avatar or background sent back as it was
 * received), and those of every JSON answer become absolute, on `SITE_URL` or else this request's address.
 */
export const imageAddresses =
  (siteOrigin: string | null): RequestHandler =>
  (req, res, next) => {
    // Worked out only when an image field needs it: most calls (a view, a like) have none.
    let origins: string[] | undefined;
    const originsNow = () => (origins ??= originsOf(req, siteOrigin));
    const body = req.body as Record<string, unknown> | undefined;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const key of Object.keys(body)) {
        const value = body[key];
        if (IMAGE_FIELDS.has(key) && typeof value === 'string') body[key] = sitePath(value, originsNow());
      }
    }
    const json = res.json.bind(res);
    res.json = (answer: unknown) => {
      const envelope = answer as { result?: unknown } | null;
      if (envelope && typeof envelope === 'object' && 'result' in envelope) {
        const result = withAbsoluteImages(envelope.result, () => originsNow()[0]);
        if (result !== envelope.result) return json({ ...envelope, result });
      }
      return json(answer);
    };
    next();
  };
