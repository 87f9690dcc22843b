/**
 * A reading of the page (`document.cookie`, `window.scrollY`, `innerWidth`) that costs a call into
 * the browser — a forced layout, a cookie jar read — made once per run of synchronous code and kept
 * until its microtasks: a render asks `useSyncExternalStore`'s snapshot of every slot, card and bar
 * it draws, several times each, in one run, and a hundred such readings were a long task on a slow
 * phone (bench:web:trace). What changes the value comes in another run (an event, a timer, a
 * promise), or says so (`forget`), so no reader sees a stale one.
 */
export function readOncePerRun<T>(read: () => T): (() => T) & { forget(): void } {
  let kept: { value: T } | undefined;
  const reader = () => {
    if (kept === undefined) {
      kept = { value: read() };
      queueMicrotask(() => (kept = undefined));
    }
    return kept.value;
  };
  /** Whoever changed the value in this task says so: the next reading reads again. */
  const forget = () => void (kept = undefined);
  return Object.assign(reader, { forget });
}
