/**
 * 导出全部 in the console: the same export as `npm run export` (src/server/export), made in a
 * temp folder and sent as one zip, which is removed once the download ends or is abandoned.
 * Without password hashes: a download link in a browser is no place for them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { compactDate } from '../../lib/shared/time.ts';
import type { Db } from '../db/client.ts';
import { exportSite } from '../export/exportSite.ts';
import { zipExport } from '../export/zip.ts';
import { RetryLater } from '../shared/errors.ts';

export interface SiteExportOptions {
  db: Db;
  contentDir: string;
  uploadDir: string;
}

export type SiteExport = () => Promise<{ zip: Readable; fileName: string }>;

/** How long the owner is asked to wait when an export is already being made. */
const BUSY_RETRY_MS = 30_000;

export function createSiteExport(options: SiteExportOptions): SiteExport {
  // One at a time: each is a full copy of the site on disk, and a second adds nothing.
  let running = false;
  return async () => {
    if (running) throw new RetryLater('正在导出，请等这次下载开始后再试', BUSY_RETRY_MS);
    running = true;
    try {
      return await exportToZip(options);
    } finally {
      running = false;
    }
  };
}

async function exportToZip(options: SiteExportOptions): Promise<{ zip: Readable; fileName: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'blog-export-'));
  const folder = join(dir, 'export');
  const removeFolder = () => rm(dir, { recursive: true, force: true });
  try {
    await exportSite({ ...options, withPasswords: false }, folder);
  } catch (error) {
    await removeFolder();
    throw error;
  }
  const zip = zipExport(folder);
  zip.once('close', () => void removeFolder());
  return { zip, fileName: `blog-export-${compactDate(new Date())}.zip` };
}
