/**
 * IAB display viewability (issue 17, spec part 2 §9): an ad is viewed once at least half of it
 * has been in view for one continuous second. A framework-free watcher the slot wires to React:
 * an IntersectionObserver at threshold 0.5 starts a timer when half the slot is in view (and the
 * page is visible) and cancels it when it drops below; `onViewable` is called once, then the
 * watcher stops.
 */

export const VIEWABLE_RATIO = 0.5;
export const VIEWABLE_MS = 1000;

export class ViewabilityWatcher {
  private observer: IntersectionObserver | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inView = false;
  private done = false;

  constructor(
    private readonly element: Element,
    private readonly onViewable: () => void,
  ) {}

  start(): void {
    if (this.done || this.observer !== undefined || typeof IntersectionObserver === 'undefined') return;
    this.observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry === undefined) return;
        this.inView = entry.isIntersecting && entry.intersectionRatio >= VIEWABLE_RATIO;
        this.update();
      },
      { threshold: VIEWABLE_RATIO },
    );
    this.observer.observe(this.element);
    document.addEventListener('visibilitychange', this.update);
  }

  stop(): void {
    this.cancel();
    this.observer?.disconnect();
    this.observer = undefined;
    document.removeEventListener('visibilitychange', this.update);
  }

  private readonly update = () => {
    const counting = this.inView && document.visibilityState !== 'hidden';
    if (!counting) this.cancel();
    else if (this.timer === undefined)
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.done = true;
        this.stop();
        this.onViewable();
      }, VIEWABLE_MS);
  };

  private cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
