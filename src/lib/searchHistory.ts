export const SEARCH_HISTORY_KEY = 'blogSearchHistory';
export const SEARCH_HISTORY_CAP = 10;

/** Adds a term once; beyond the cap the oldest goes (SPEC sections 4 and 9). */
export function addSearchTerm(history: readonly string[], term: string, cap = SEARCH_HISTORY_CAP): string[] {
  const clean = term.trim();
  if (!clean || history.includes(clean)) return [...history];
  return [...history, clean].slice(-cap);
}

export const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');
