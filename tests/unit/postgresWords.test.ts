import { describe, expect, it } from 'vitest';
import { numberedPlaceholders } from '../../src/server/db/postgres';
import { isPostgresBusy, sqlStateOf } from '../../src/server/db/sqlState';

describe('SQLite placeholders in PostgreSQL words', () => {
  it('numbers bare ones in order, keeps numbered ones, and counts a bare one after the largest so far, as SQLite does', () => {
    expect(numberedPlaceholders('SELECT ? , ?')).toBe('SELECT $1 , $2');
    expect(numberedPlaceholders('VALUES (?1, ?2) SET x = x + ?2')).toBe('VALUES ($1, $2) SET x = x + $2');
    expect(numberedPlaceholders('VALUES (?, 1, ?) WHERE r <= ?3')).toBe('VALUES ($1, 1, $2) WHERE r <= $3');
    expect(numberedPlaceholders('WHERE a = ?3 AND b = ?')).toBe('WHERE a = $3 AND b = $4');
  });
});

describe('what PostgreSQL and its driver say', () => {
  const pgError = (code: string) => Object.assign(new Error('x'), { code });

  it('finds the SQLSTATE on the error or on the one drizzle wrapped, and nothing else', () => {
    expect(sqlStateOf(pgError('23505'))).toBe('23505');
    expect(sqlStateOf({ message: 'Failed query', cause: pgError('40001') })).toBe('40001');
    expect(sqlStateOf(pgError('SQLITE_BUSY'))).toBeUndefined();
    expect(sqlStateOf(pgError('ECONNREFUSED'))).toBeUndefined();
    expect(sqlStateOf(pgError('EPIPE'))).toBeUndefined();
    expect(sqlStateOf(null)).toBeUndefined();
  });

  it('calls busy what a retry soon will get through, and not a broken rule', () => {
    for (const code of ['40001', '40P01', '08006', '57P01', '57P03', '53300', 'ECONNREFUSED', 'EPIPE', 'ECONNRESET'])
      expect(isPostgresBusy(pgError(code)), code).toBe(true);
    expect(isPostgresBusy(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isPostgresBusy(new Error('timeout exceeded when trying to connect'))).toBe(true);
    for (const code of ['23505', '42P01', '22P02', 'SQLITE_BUSY'])
      expect(isPostgresBusy(pgError(code)), code).toBe(false);
    expect(isPostgresBusy(new Error('something else'))).toBe(false);
  });
});
