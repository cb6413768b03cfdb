/** Five digits or capitals; no SQLSTATE class begins with E, as Node's errors (EPIPE, ECONNRESET) do. */
const SQLSTATE = /^[0-9A-DF-Z][0-9A-Z]{4}$/;

/** The SQLSTATE of a PostgreSQL error (`23505`, `40001`, …), or of the one drizzle wrapped; undefined for any other error. */
export const sqlStateOf = (error: unknown): string | undefined => {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  const found = typeof code === 'string' && SQLSTATE.test(code) ? code : cause?.code;
  return typeof found === 'string' && SQLSTATE.test(found) ? found : undefined;
};

/** What node-postgres says, without a code, when a connection could not be had or was lost. */
const PG_DRIVER_MESSAGES =
  /^(timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error and is not queryable)/;

/** Network errors of a connection to the server that went away or is not there yet. */
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/**
 * Whether PostgreSQL could not do the work now, and nothing was written: a conflict that kept
 * recurring (class 40), a connection that failed or was ended by a restart (class 08, 57P01–57P03),
 * or too many connections (53300). Like SQLite's SQLITE_BUSY, a retry soon will do.
 */
export function isPostgresBusy(error: unknown): boolean {
  const state = sqlStateOf(error);
  if (state) return /^(40|08)/.test(state) || /^57P0[123]$/.test(state) || state === '53300';
  const { code, cause, message } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown }; message?: unknown };
  // node-postgres's own words: no connection came free in time, or the server went away mid-query.
  if (typeof message === 'string' && PG_DRIVER_MESSAGES.test(message)) return true;
  return CONNECTION_ERRORS.has(String(code)) || CONNECTION_ERRORS.has(String(cause?.code));
}
