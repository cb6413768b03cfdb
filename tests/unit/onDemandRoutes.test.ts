import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPageHandler, ON_DEMAND_ROUTES_FILE } from '../../src/server/http/onDemandRoutes';

/** A release whose page handler answers with its name, or one whose handler cannot even be imported. */
function release(onDemand: string | null, entry = "export const handler = (_req, res) => res.end('astro');"): string {
  const dir = mkdtempSync(join(tmpdir(), 'blog-release-'));
  mkdirSync(join(dir, 'server'));
  writeFileSync(join(dir, 'server', 'entry.mjs'), entry);
  if (onDemand !== null) writeFileSync(join(dir, 'server', ON_DEMAND_ROUTES_FILE), onDemand);
  return dir;
}

/** What a handler does with a request: answer it, or pass it on. */
async function outcome(handler: Awaited<ReturnType<typeof loadPageHandler>>): Promise<string> {
  let answered = 'next';
  await handler({} as never, { end: (body: string) => (answered = body) } as never, () => {});
  return answered;
}

describe("Astro's page handler", () => {
  it('is never imported when the build renders nothing per request', async () => {
    const handler = await loadPageHandler(release('[]', "throw new Error('imported');"));
    expect(await outcome(handler)).toBe('next');
  });

  it('is imported when some route is rendered per request, when the record is missing, and when it is not a list', async () => {
    for (const record of ['["/admin/[...path]"]', null, '{}'])
      expect(await outcome(await loadPageHandler(release(record)))).toBe('astro');
  });
});
