/**
 * What the saved cache records of a page saved with 离线保存: the offline page lists the records, and
 * the worker drops a record with its files when the site no longer has the page. Apart from
 * rules.ts, which every page's script imports.
 */
import { OFFLINE_RECORDS } from './rules.ts';

/** The records of pages saved with 离线保存, in the saved cache beside the pages and their pictures. */
export const SAVED_RECORDS = `${OFFLINE_RECORDS}saved/`;

/** What the saved cache records of a page saved with 离线保存. */
export interface SavedRecord {
  url: string;
  title: string;
  /** The page and every picture it showed, as the saved cache holds them. */
  files: string[];
}

export function isSavedRecord(value: unknown): value is SavedRecord {
  const record = value as Partial<SavedRecord> | null;
  return (
    typeof record?.url === 'string' &&
    typeof record.title === 'string' &&
    Array.isArray(record.files) &&
    record.files.every((file) => typeof file === 'string')
  );
}

export const savedRecordUrl = (pageUrl: string): string => {
  const { origin, pathname } = new URL(pageUrl);
  return `${origin}${SAVED_RECORDS}${encodeURIComponent(pathname)}`;
};
