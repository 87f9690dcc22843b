/** Thrown when the queue is full: the caller answers 503 instead of piling up work. */
export class QueueFullError extends Error {
  constructor() {
    super('image queue full');
    this.name = 'QueueFullError';
  }
}

/**
 * At most `concurrency` jobs run at once; up to `maxWaiting` more wait their turn (first come,
 * first served); beyond that `run` rejects with QueueFullError at once.
 */
export class JobQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new QueueFullError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await job();
    } finally {
      // Hand the slot straight to the next waiter, or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
