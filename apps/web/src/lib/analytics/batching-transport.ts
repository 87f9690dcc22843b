import { ANALYTICS_MAX_EVENTS, type AnalyticsEventBatch, type AudienceEvent } from '@antenne/contract';
import { safeStorage, storageKeys } from '../storage-keys';
import type { AnalyticsEvent, Transport } from './analytics';
import { consentString, hasConsent, onConsentChange } from './consent';

/** How the batches leave (api/analytics.ts; tests give a fake). */
export interface BatchSender {
  /** A keepalive post; its failure is ignored (analytics is best effort). */
  post(batch: AnalyticsEventBatch): Promise<void>;
  /** navigator.sendBeacon as the page hides or goes away. */
  beacon(batch: AnalyticsEventBatch): void;
}

export interface BatchingTransportOptions {
  sender: BatchSender;
  /** Sends what is queued this often (ms). */
  flushEveryMs?: number;
  /** Sends at once when this many events are queued. */
  flushAt?: number;
  now?: () => number;
  /**
   * Audience-measurement consent was just given (it was not before): the app reports the page the
   * visitor is on, whose view went unrecorded before the choice.
   */
  onConsentGiven?: () => void;
}

export const ANALYTICS_FLUSH_EVERY_MS = 5000;
export const ANALYTICS_FLUSH_AT = 20;

/**
 * The production transport (docs/analytics.md): events are queued and posted in batches every
 * `flushEveryMs` or at `flushAt` events, and handed to sendBeacon when the page hides or goes
 * away — only while audience-measurement consent is given. Before consent nothing is queued;
 * when consent is withdrawn the queue is dropped, the timer stopped and the visitor id removed at
 * once. The visitor id is a random id kept in localStorage, made on the first event with consent.
 */
export class BatchingTransport implements Transport {
  private queue: AudienceEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly cleanups: (() => void)[] = [];
  private readonly now: () => number;
  private readonly flushEveryMs: number;
  private readonly flushAt: number;

  constructor(private readonly options: BatchingTransportOptions) {
    this.now = options.now ?? Date.now;
    this.flushEveryMs = options.flushEveryMs ?? ANALYTICS_FLUSH_EVERY_MS;
    this.flushAt = Math.min(options.flushAt ?? ANALYTICS_FLUSH_AT, ANALYTICS_MAX_EVENTS);
    let consented = hasConsent('analytics');
    this.cleanups.push(
      onConsentChange((choice) => {
        const now = choice?.accepted.includes('analytics') === true;
        if (!now) this.forget();
        else if (!consented) options.onConsentGiven?.();
        consented = now;
      }),
    );
    const hidden = () => {
      if (document.visibilityState === 'hidden') this.beacon();
    };
    const leaving = () => this.beacon();
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leaving);
    this.cleanups.push(() => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leaving);
    });
  }

  send(event: AnalyticsEvent): void {
    if (!hasConsent('analytics')) return;
    const wire = toWire(event, this.now());
    if (wire === undefined) return;
    this.queue.push(wire);
    if (this.queue.length >= this.flushAt) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushEveryMs);
  }

  /** Posts what is queued, in batches of at most ANALYTICS_MAX_EVENTS. */
  async flush(): Promise<void> {
    this.stopTimer();
    const batches = this.take();
    await Promise.all(batches.map((batch) => this.options.sender.post(batch).catch(() => undefined)));
  }

  /** Hands what is queued to sendBeacon (the page hides or goes away). */
  beacon(): void {
    this.stopTimer();
    for (const batch of this.take()) this.options.sender.beacon(batch);
  }

  /** Stops listening (the app goes away or a test ends); what is queued is beaconed. */
  dispose(): void {
    this.beacon();
    this.cleanups.splice(0).forEach((cleanup) => cleanup());
  }

  /** Consent withdrawn: nothing queued survives, nothing more is sent, the visitor id goes. */
  private forget(): void {
    this.stopTimer();
    this.queue = [];
    safeStorage.remove(storageKeys.analyticsVisitor);
  }

  private stopTimer() {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The queue as batches, emptied; none without consent (it may have been withdrawn since). */
  private take(): AnalyticsEventBatch[] {
    const events = this.queue;
    this.queue = [];
    if (events.length === 0 || !hasConsent('analytics')) return [];
    const visitorId = visitorIdOf();
    const consent = consentString();
    const batches: AnalyticsEventBatch[] = [];
    for (let i = 0; i < events.length; i += ANALYTICS_MAX_EVENTS)
      batches.push({ visitorId, consent, events: events.slice(i, i + ANALYTICS_MAX_EVENTS) });
    return batches;
  }
}

/** The visitor id, made and kept once there is consent (the only caller runs with consent). */
function visitorIdOf(): string {
  const kept = safeStorage.get(storageKeys.analyticsVisitor);
  if (kept !== null && /^[A-Za-z0-9_-]{1,64}$/.test(kept)) return kept;
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const made = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  safeStorage.set(storageKeys.analyticsVisitor, made);
  return made;
}

/** At most `max` characters (the server's bounds: a longer string would refuse the whole batch). */
const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** The event as the server takes it (contract analytics-schemas.ts); undefined when it cannot be one. */
function toWire(event: AnalyticsEvent, at: number): AudienceEvent | undefined {
  switch (event.type) {
    case 'page':
      return event.path === ''
        ? undefined
        : { kind: 'page', at, path: cut(event.path, 1024), title: cut(event.title, 300) };
    case 'category':
      return event.id === ''
        ? undefined
        : { kind: 'category', at, id: cut(event.id, 200), title: cut(event.title, 300) };
    case 'searchResults': {
      const query = cut(event.query.trim(), 200);
      return query === ''
        ? undefined
        : {
            kind: 'searchResults',
            at,
            query,
            count: Math.min(Math.max(0, Math.round(event.count)), 1_000_000),
          };
    }
    case 'notFound':
      return event.path === '' ? undefined : { kind: 'notFound', at, path: cut(event.path, 1024) };
    case 'media': {
      const { type: _type, error, labels, ...media } = event;
      if (media.assetId === '') return undefined;
      return {
        kind: 'media',
        at,
        ...media,
        assetId: cut(media.assetId, 200),
        label: cut(media.label, 300),
        themes: media.themes.slice(0, 3).map((theme) => cut(theme, 100)),
        labels: {
          ...labels,
          title: cut(labels.title, 300),
          ...(labels.episode === undefined ? {} : { episode: cut(labels.episode, 100) }),
        },
        ...(error === undefined ? {} : { error: cut(error, 500) }),
      };
    }
  }
}
