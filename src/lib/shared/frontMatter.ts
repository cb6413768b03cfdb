/** A Markdown file's front matter block and its body, split as the console writes them (no YAML parsing here). */
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** `yaml` is null when the file has no front matter; the body loses the one blank line after the block. */
export function splitFrontMatter(source: string): { yaml: string | null; body: string } {
  const match = FRONT_MATTER.exec(source);
  if (!match) return { yaml: null, body: source };
  return { yaml: match[1], body: source.slice(match[0].length).replace(/^\r?\n/, '') };
}
