/**
 * The pictures an article's Markdown names. md-editor-v3 writes `![alt](src)`, and writers paste
 * `<img src>` too; both count, outside code. Each `ref` is the exact text of the reference, so that
 * `apply.ts` can find it again in the body and replace it.
 *
 * No Markdown or HTML parser is used: those at hand give back destinations and attributes
 * normalised (percent-encoded, entities decoded) or misread, and the reference must stay as written.
 * The scans below read only what an image needs: code to skip, brackets, a destination, a `src`.
 */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
// `d`: the destination's place in the line is wanted, not only its text.
const LINK_DEFINITION = /^ {0,3}\[([^\]\n]{1,999})\]:[ \t]*(?:<([^<>\n]*)>|(\S+))/d;

/** The body with its code (fenced blocks and inline spans) blanked out, every other character in its place. */
function withoutCode(markdown: string): string {
  const lines = markdown.split('\n');
  let fence: string | null = null;
  const kept = lines.map((line) => {
    const opening = FENCE.exec(line)?.[1];
    if (fence) {
      if (opening && opening[0] === fence[0] && opening.length >= fence.length && line.trim() === opening) fence = null;
      return ' '.repeat(line.length);
    }
    if (opening) {
      fence = opening;
      return ' '.repeat(line.length);
    }
    return line;
  });
  return withoutInlineCode(kept.join('\n'));
}

/** Blanks each code span: a run of backticks up to the next run of the same length. */
function withoutInlineCode(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] !== '`' || (i > 0 && text[i - 1] === '\\')) {
      out += text[i++];
      continue;
    }
    let run = 0;
    while (text[i + run] === '`') run++;
    let close = i + run;
    let found = -1;
    while ((close = text.indexOf('`', close)) !== -1) {
      let length = 0;
      while (text[close + length] === '`') length++;
      if (length === run) {
        found = close;
        break;
      }
      close += length;
    }
    if (found === -1) {
      out += text.slice(i, i + run);
      i += run;
      continue;
    }
    const end = found + run;
    out += text.slice(i, end).replace(/[^\n]/g, ' ');
    i = end;
  }
  return out;
}

/** The index just past the `]` that closes the `[` at `open`, or -1. Brackets nest; `\` escapes. */
function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (char === '[') depth++;
    else if (char === ']' && --depth === 0) return i + 1;
    else if (char === '\n' && text[i + 1] === '\n') return -1;
  }
  return -1;
}

const isSpace = (char: string | undefined) => char === ' ' || char === '\t' || char === '\n';

/**
 * The destination of an inline link whose `(` is at `open`: its start and end in the text, or null
 * when what follows is not a well-formed `(dest "title")`.
 */
function inlineDestination(text: string, open: number): { start: number; end: number } | null {
  let i = open + 1;
  while (isSpace(text[i])) i++;
  let start = i;
  let end: number;
  if (text[i] === '<') {
    start = i + 1;
    end = start;
    while (end < text.length && text[end] !== '>' && text[end] !== '\n' && text[end] !== '<') end++;
    if (text[end] !== '>') return null;
    i = end + 1;
  } else {
    let depth = 0;
    end = i;
    for (; end < text.length; end++) {
      const char = text[end];
      if (char === '\\') end++;
      else if (isSpace(char)) break;
      else if (char === '(') depth++;
      else if (char === ')') {
        if (depth === 0) break;
        depth--;
      }
    }
    i = end;
  }
  while (isSpace(text[i])) i++;
  const quote = text[i];
  if (quote === '"' || quote === "'" || quote === '(') {
    const closer = quote === '(' ? ')' : quote;
    i++;
    while (i < text.length && text[i] !== closer) i += text[i] === '\\' ? 2 : 1;
    if (text[i] !== closer) return null;
    i++;
    while (isSpace(text[i])) i++;
  }
  return text[i] === ')' ? { start, end } : null;
}

const normalLabel = (label: string) => label.trim().replace(/\s+/g, ' ').toLowerCase();

/** Link reference definitions (`[label]: dest`) by their label, the destination's place in the text. */
function definitions(text: string): Map<string, { start: number; end: number }> {
  const found = new Map<string, { start: number; end: number }>();
  let offset = 0;
  for (const line of text.split('\n')) {
    const match = LINK_DEFINITION.exec(line);
    const [start, end] = match?.indices?.[2] ?? match?.indices?.[3] ?? [];
    if (match && start !== undefined && end !== undefined) {
      const label = normalLabel(match[1]);
      if (!found.has(label)) found.set(label, { start: offset + start, end: offset + end });
    }
    offset += line.length + 1;
  }
  return found;
}

/** A reference and where it is in the text. */
interface Found {
  ref: string;
  at: number;
  html: boolean;
}

function markdownImageRefs(body: string, text: string): Found[] {
  const refs: Found[] = [];
  let defined: ReturnType<typeof definitions> | undefined;
  for (let i = text.indexOf('![', 0); i !== -1; i = text.indexOf('![', i + 2)) {
    let backslashes = 0;
    while (text[i - 1 - backslashes] === '\\') backslashes++;
    if (backslashes % 2 === 1) continue;
    const afterAlt = closingBracket(text, i + 1);
    if (afterAlt === -1) continue;
    if (text[afterAlt] === '(') {
      const destination = inlineDestination(text, afterAlt);
      if (destination) refs.push({ ref: body.slice(destination.start, destination.end), at: i, html: false });
      continue;
    }
    let label = text.slice(i + 2, afterAlt - 1);
    if (text[afterAlt] === '[') {
      const afterLabel = text.indexOf(']', afterAlt);
      const written = afterLabel === -1 ? '' : text.slice(afterAlt + 1, afterLabel);
      if (written.trim() !== '') label = written;
    }
    defined ??= definitions(text);
    const destination = defined.get(normalLabel(label));
    if (destination) refs.push({ ref: body.slice(destination.start, destination.end), at: i, html: false });
  }
  return refs;
}

/**
 * The `src` of each `<img>` tag, as written between its quotes (or up to the space or `>` when
 * unquoted). Only start tags are read, attribute by attribute as HTML's tokenizer does; ultrahtml
 * is not used here because it misreads unquoted values, which pasted HTML has.
 */
function htmlImageRefs(text: string): Found[] {
  const refs: Found[] = [];
  for (let i = text.indexOf('<'); i !== -1; i = text.indexOf('<', i + 1)) {
    if (text.slice(i + 1, i + 4).toLowerCase() !== 'img' || !/[\s/>]/.test(text[i + 4] ?? '')) continue;
    const src = attributeValue(text, i + 4, 'src');
    if (src) refs.push({ ref: src, at: i, html: true });
  }
  return refs;
}

const isTagSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);

/** The raw value of attribute `wanted` in the start tag whose attributes begin at `from`. */
function attributeValue(text: string, from: number, wanted: string): string | null {
  let i = from;
  for (;;) {
    while (isTagSpace(text[i]) || text[i] === '/') i++;
    if (i >= text.length || text[i] === '>') return null;
    const nameStart = i;
    while (i < text.length && !isTagSpace(text[i]) && !'/>='.includes(text[i])) i++;
    const name = text.slice(nameStart, i).toLowerCase();
    while (isTagSpace(text[i])) i++;
    if (text[i] !== '=') {
      if (i === nameStart) i++;
      continue;
    }
    i++;
    while (isTagSpace(text[i])) i++;
    let value: string;
    const quote = text[i];
    if (quote === '"' || quote === "'") {
      const close = text.indexOf(quote, i + 1);
      if (close === -1) return null;
      value = text.slice(i + 1, close);
      i = close + 1;
    } else {
      const valueStart = i;
      while (i < text.length && !isTagSpace(text[i]) && text[i] !== '>') i++;
      value = text.slice(valueStart, i);
    }
    if (name === wanted) return value;
  }
}

/** An embedded picture travels with the text: there is nothing to copy. */
export const isEmbedded = (ref: string) => /^\s*data:/i.test(ref);

/** The pictures a Markdown body names, each reference once, in the order they first appear. */
export function imageRefsIn(markdown: string): { ref: string; html: boolean }[] {
  const text = withoutCode(markdown.replace(/\r\n?/g, (line) => ' '.repeat(line.length - 1) + '\n'));
  const found = [...markdownImageRefs(markdown, text), ...htmlImageRefs(text)].sort((a, b) => a.at - b.at);
  const seen = new Set<string>();
  const refs: { ref: string; html: boolean }[] = [];
  for (const { ref, html } of found) {
    if (ref.trim() === '' || isEmbedded(ref) || seen.has(ref)) continue;
    seen.add(ref);
    refs.push({ ref, html });
  }
  return refs;
}
