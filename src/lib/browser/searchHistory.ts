export const SEARCH_HISTORY_KEY = 'blogSearchHistory';
export const SEARCH_HISTORY_CAP = 10;

/** Adds a term once; beyond the cap the oldest goes. */
export function addSearchTerm(history: readonly string[], term: string, cap = SEARCH_HISTORY_CAP): string[] {
  const clean = term.trim();
  if (!clean || history.includes(clean)) return [...history];
  return [...history, clean].slice(-cap);
}

/**
 * What the reader did with a search. `answered`: the results of a keyword that outlasted the
 * typing pause came back; `submitted`: the reader pressed Enter and the search succeeded;
 * `opened`: the reader opened one of a keyword's results.
 */
export type SearchAct = { kind: 'answered' | 'submitted' | 'opened'; term: string };

/**
 * The history after an act. Only a search the reader chose counts: typing through "R", "Re",
 * "Rea" on the way to "React" answers each pause, and none of those half-words belong in it.
 */
export function historyAfter(history: readonly string[], act: SearchAct, cap = SEARCH_HISTORY_CAP): string[] {
  return act.kind === 'answered' ? [...history] : addSearchTerm(history, act.term, cap);
}

export const sameTerms = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((term, i) => term === b[i]);

export const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');
