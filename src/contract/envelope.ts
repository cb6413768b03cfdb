/** The answer shape of every `/api` call (docs/api.md §1.2). */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  result?: T;
}

/** `code` of a success. */
export const SUCCESS_CODE = 0;
/** `code` of a tip: HTTP 200, shown to the reader as a notice titled 温馨提示. */
export const TIP_CODE = 100;

/** What a 400 carries: the fields that were wrong (`body` when the whole body was). */
export interface FieldErrors {
  fields: string[];
}

/** What a refused license call carries: the code the desktop tool reads (docs/api.md §10.3). */
export interface RefusalCode {
  code: string;
}

/** What a 409 carries: the thing as it is now, for the caller to compare with its own (docs/api.md §11.3). */
export interface ConflictDetail {
  disk: unknown;
}

/** What an error answer may carry beside its message. */
export type ErrorDetail = Partial<RefusalCode & ConflictDetail>;

/** An error answer: `code` repeats the HTTP status. */
export type ErrorEnvelope = Envelope<Partial<FieldErrors & RefusalCode & ConflictDetail> | undefined>;

/** A paged list (docs/api.md §1.7): `current` from 1; past the end, an empty `list`. */
export interface Page<T> {
  current: number;
  size: number;
  total: number;
  list: T[];
}
