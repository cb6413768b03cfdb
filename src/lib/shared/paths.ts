/**
 * A path of the API (contract/paths.ts, in Express's syntax) with its parameters put in: `:id` a
 * parameter, `{/:keyword}` an optional part. The parameters a path takes are typed from the path
 * itself. It is in the script of every page that counts a view: it stays this small.
 */
type Segments<Path extends string> = Path extends `${infer Head}/${infer Tail}` ? Head | Segments<Tail> : Path;
type NameOf<Segment> = Segment extends `:${infer Name}` ? Name : never;
type WithoutOptional<Path extends string> = Path extends `${infer Before}{${string}}${infer After}`
  ? WithoutOptional<`${Before}${After}`>
  : Path;
type Optional<Path extends string> = Path extends `${string}{${infer Part}}${infer After}`
  ? Part | Optional<After>
  : never;

type Value = string | number;
export type PathParams<Path extends string> = { [Name in NameOf<Segments<WithoutOptional<Path>>>]: Value } & {
  [Name in NameOf<Segments<Optional<Path>>>]?: Value;
};

// Dots are escaped too, or the browser would resolve "." and ".." as path segments.
const segment = (value: Value) => encodeURIComponent(String(value)).replace(/\./g, '%2E');

export const fillPath = <Path extends string>(path: Path, params: PathParams<Path>): string =>
  takeIntoPath(path, { ...params });

/** `path` with its parameters taken out of `values`: what is left in `values` is what the path did not use. */
export function takeIntoPath(path: string, values: Record<string, unknown>): string {
  return path.replace(/\{\/:(\w+)\}|:(\w+)/g, (_, optional?: string, name?: string) => {
    const key = (optional ?? name)!;
    const value = values[key] as Value | undefined;
    delete values[key];
    return value === undefined || value === '' ? '' : `${optional ? '/' : ''}${segment(value)}`;
  });
}

/** `path` with a query string of the values given; empty ones (undefined, null, '') are left out. */
export function withQuery(path: string, params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
