export interface TypewriterStep {
  /** The text on screen after this step. */
  text: string;
  /** Milliseconds to wait before showing it. */
  delay: number;
}

export interface TypewriterTiming {
  charMs: number;
  gapMs: number;
  eraseMs: number;
}

export const DEFAULT_TIMING: TypewriterTiming = { charMs: 300, gapMs: 800, eraseMs: 60 };

/** Keeps the entries that have text; an empty one is a content mistake, reported but never shown. */
export function usableEntries(
  entries: ReadonlyArray<string | null | undefined>,
  report: (msg: string) => void = console.error,
): string[] {
  const usable: string[] = [];
  entries.forEach((entry, index) => {
    const text = entry?.trim();
    if (text) usable.push(text);
    else report(`打字机第 ${index + 1} 条内容为空，已跳过`);
  });
  return usable;
}

/**
 * Every frame of the typewriter: each entry is typed a character at a time, held for the gap,
 * then erased, and the last entry stays on screen.
 */
export function typewriterSteps(
  entries: readonly string[],
  timing: TypewriterTiming = DEFAULT_TIMING,
): TypewriterStep[] {
  const steps: TypewriterStep[] = [];
  entries.forEach((entry, index) => {
    const chars = Array.from(entry);
    for (let i = 1; i <= chars.length; i++) steps.push({ text: chars.slice(0, i).join(''), delay: timing.charMs });
    if (index === entries.length - 1) return;
    for (let i = chars.length - 1; i >= 0; i--) {
      steps.push({ text: chars.slice(0, i).join(''), delay: i === chars.length - 1 ? timing.gapMs : timing.eraseMs });
    }
  });
  return steps;
}

/** Reads a sentence from the common quote-service shapes (`data.note`, `hitokoto`, `content`). */
export function quoteFromResponse(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const data = b.data as Record<string, unknown> | undefined;
  const candidate = data?.note ?? b.hitokoto ?? b.content;
  return typeof candidate === 'string' && candidate.trim() ? candidate.trim() : null;
}
