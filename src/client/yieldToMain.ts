/**
 * Gives the main thread back for a moment: input and rendering waiting behind the current task
 * run first. `scheduler.yield()` resumes ahead of other queued tasks; where it is missing, a
 * timeout resumes behind them.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
