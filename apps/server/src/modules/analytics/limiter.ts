/**
 * Batches per client address and window, counted in this process's memory (a fixed window on
 * the injected clock). A cluster of N processes lets N times the limit through: the limit is
 * a guard against one noisy or hostile client, not a quota (ADR 0034).
 */
export class BatchRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: () => number,
    /** Addresses remembered at most; past it, the ended windows are forgotten. */
    private readonly maxKeys = 100_000,
  ) {}

  /** Counts one batch of `key`; false when it is past the limit of the current window. */
  take(key: string): boolean {
    const now = this.clock();
    const start = now - (now % this.windowMs);
    const window = this.windows.get(key);
    if (window === undefined || window.start !== start) {
      if (this.windows.size >= this.maxKeys) this.forgetEnded(start);
      this.windows.set(key, { start, count: 1 });
      return true;
    }
    window.count += 1;
    return window.count <= this.limit;
  }

  private forgetEnded(start: number) {
    for (const [key, window] of this.windows) if (window.start !== start) this.windows.delete(key);
    // Every address is in the current window: start over rather than grow without bound.
    if (this.windows.size >= this.maxKeys) this.windows.clear();
  }
}
