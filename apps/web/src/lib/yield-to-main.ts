/**
 * Ends the current task so that the browser can paint and answer input, and goes on in a new one
 * (`scheduler.yield()` where the browser has it: the rest runs before other queued work; else a
 * macrotask). A start that does several pieces of work in a row yields between them, so that no
 * piece adds to another in one long task.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
