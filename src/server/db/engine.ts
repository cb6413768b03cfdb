/**
 * Which database engine this process talks to. A process talks to one, chosen at start by
 * DATABASE_URL: the embedded SQLite file by default, PostgreSQL for a `postgres://` URL.
 * The domains import their tables from schema.ts, which hands them this engine's.
 */
export type Engine = 'sqlite' | 'postgres';

/** `postgres://` or `postgresql://`. */
export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//i.test(url);

export const engineOfUrl = (url: string): Engine => (isPostgresUrl(url) ? 'postgres' : 'sqlite');

/** The engine of this process, read once from DATABASE_URL. */
export const PROCESS_ENGINE: Engine = engineOfUrl(process.env.DATABASE_URL ?? '');
