/**
 * What a build records about itself beside its pages, in the release's `server/` folder, for the
 * server to read when it switches to the build: the articles it left out (with why), and which
 * parts of the site it was built with. Written by scripts/astro/releaseRecords.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SkippedArticle } from '../../contract/writing.ts';
import { FEATURES, type FeatureSwitches } from '../shared/features.ts';

export const SKIPPED_ARTICLES_FILE = 'skipped-articles.json';
export const FEATURES_FILE = 'features.json';

export const releaseRecord = (release: string, file: string) => join(release, 'server', file);

function readRecord(release: string, file: string): unknown {
  const path = releaseRecord(release, file);
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

/** The articles the build left out; none for a build from before the list was kept. */
export function readSkippedArticles(release: string): SkippedArticle[] {
  const list = readRecord(release, SKIPPED_ARTICLES_FILE);
  if (list === undefined) return [];
  if (!Array.isArray(list) || !list.every((s) => typeof s?.file === 'string' && typeof s.reason === 'string')) {
    throw new Error(`${releaseRecord(release, SKIPPED_ARTICLES_FILE)} 的内容不对`);
  }
  return list.map(({ file, field, reason }) => ({ file, field: typeof field === 'string' ? field : null, reason }));
}

/** The parts of the site the build was made with; null for a build from before they were recorded. */
export function readBuildFeatures(release: string): FeatureSwitches | null {
  const switches = readRecord(release, FEATURES_FILE) as Record<string, unknown> | undefined;
  if (switches === undefined) return null;
  // A switch the record lacks is a part added after that build was made: the build has no such part.
  if (
    !switches ||
    typeof switches !== 'object' ||
    !FEATURES.every((f) => switches[f] === undefined || typeof switches[f] === 'boolean')
  ) {
    throw new Error(`${releaseRecord(release, FEATURES_FILE)} 的内容不对`);
  }
  return Object.fromEntries(FEATURES.map((f) => [f, switches[f] === true])) as FeatureSwitches;
}
