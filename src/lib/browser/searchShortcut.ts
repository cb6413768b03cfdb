/** The keys that open search from anywhere on the page: `/`, and Ctrl+K (⌘K on a Mac). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The key went to a field the reader is typing in. */
  typing: boolean;
}

export function isSearchShortcut({ key, ctrlKey, metaKey, altKey, typing }: KeyPress): boolean {
  if ((ctrlKey || metaKey) && key.toLowerCase() === 'k') return true;
  return key === '/' && !typing && !ctrlKey && !metaKey && !altKey;
}
