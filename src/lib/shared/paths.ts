/**
 * A path of the API (contract/paths.ts, in Express's syntax) with its parameters put in:
 * `:id` a parameter, `{/:keyword}` an optional part, `*path` the rest of the path, its slashes kept.
 * The parameters a path takes are typed from the path itself.
 */
type Segments<Path extends string> = Path extends `${infer Head}/${infer Tail}` ? Head | Segments<Tail> : Path;
type NameOf<Segment> = Segment extends `:${infer Name}` ? Name : Segment extends `*${infer Name}` ? Name : never;
type WithoutOptional<Path extends string> = Path extends `${infer Before}{${string}}${infer After}` ? WithoutOptional<`${Before}${After}`> : Path;
type Optional<Path extends string> = Path extends `${string}{${infer Part}}${infer After}` ? Part | Optional<After> : never;

type Value = string | number;
export type PathParams<Path extends string> = { [Name in NameOf<Segments<WithoutOptional<Path>>>]: Value } & {
  [Name in NameOf<Segments<Optional<Path>>>]?: Value;
};

// Dots are escaped too, or the browser would resolve "." and ".." as path segments.
const segment = (value: Value) => encodeURIComponent(String(value)).replace(/\./g, '%2E');
// The rest of a path is a file's: its names keep their dots.
const rest = (value: Value) => String(value).split('/').map(encodeURIComponent).join('/');

export function fillPath<Path extends string>(path: Path, params: PathParams<Path>): string {
  const values = params as Record<string, Value | undefined>;
  return path
    .replace(/\{\/:(\w+)\}/g, (_, name: string) => (values[name] === undefined || values[name] === '' ? '' : `/${segment(values[name])}`))
    .replace(/:(\w+)/g, (_, name: string) => segment(values[name]!))
    .replace(/\*(\w+)/g, (_, name: string) => rest(values[name]!));
}
