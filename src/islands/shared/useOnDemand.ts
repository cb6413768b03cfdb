import { useCallback, useEffect, useState } from 'react';

/**
 * For a loader's SSR branch. A component only the browser loads keeps its stylesheet out of
 * every page: write its loader as `import.meta.env.SSR ? neverOnServer() : import('./X')`, inline
 * at the call site, so the build that renders pages drops the import (and the stylesheet) entirely.
 */
export const neverOnServer = () => new Promise<never>(() => {});

/**
 * A component fetched on first use: `fetch` starts loading (call it as the reader reaches for the
 * control, e.g. on pointerdown), and `wanted` loads it if it is needed before then. If the chunk
 * does not arrive, `onFailure` runs and the next attempt tries again.
 */
export function useOnDemand<T>(
  load: () => Promise<T>,
  wanted: boolean,
  onFailure: () => void = () => {},
): [T | null, () => void] {
  const [loaded, setLoaded] = useState<{ value: T } | null>(null);
  const fetch = useCallback(() => void load().then((value) => setLoaded({ value }), onFailure), [load, onFailure]);
  useEffect(() => {
    if (wanted && !loaded) fetch();
  }, [wanted, loaded, fetch]);
  return [loaded?.value ?? null, fetch];
}
