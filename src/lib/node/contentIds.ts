/**
 * Ids of the owner's content: derived from names where the owner writes none (categories, tags,
 * the music library), and checked for clashes where the owner writes them (articles, talks).
 */

/**
 * A stable positive integer for a name (32-bit FNV-1a over UTF-8), so ids survive rebuilds and
 * reorderings without a table to keep in sync.
 */
export function nameId(name: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(name)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & 0x7fffffff || 1;
}

/** An id as the owner wrote it, and the file it came from. */
export interface IdSource {
  id: number;
  file: string;
}

/** Fails with every clash named, so the owner can fix them all in one go. */
export function assertUniqueIds(sources: readonly IdSource[], kind = '文章'): void {
  const seen = new Map<number, string>();
  const clashes: string[] = [];
  for (const { id, file } of sources) {
    const first = seen.get(id);
    if (first) clashes.push(`id ${id}：${first} 与 ${file}`);
    else seen.set(id, file);
  }
  if (clashes.length) throw new Error(`${kind} id 重复，请修改后重新构建：\n  ${clashes.join('\n  ')}`);
}
