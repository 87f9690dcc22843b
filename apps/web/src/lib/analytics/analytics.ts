import type { MediaEvent, MediaEventName } from '@antenne/contract';

/**
 * The analytics seam: screens report what happened through `analytics`, a `Transport` decides
 * where it goes. In production the app installs the batching transport (batching-transport.ts:
 * the server's analytics endpoint, only with audience-measurement consent); in development and
 * tests the default keeps events in memory (`memoryTransport.events`). `setTransport()` replaces it.
 */

/** A media event's rich-media parameters and labels (spec part 2 §7): the contract's MediaEvent without kind and time. */
export type MediaParameters = Omit<MediaEvent, 'kind' | 'at' | 'event' | 'error'>;

export type AnalyticsEvent =
  | { type: 'page'; path: string; title: string }
  | { type: 'category'; id: string; title: string }
  | { type: 'searchResults'; query: string; count: number }
  | { type: 'notFound'; path: string }
  /** Playback: start, the heartbeat's 25/50/75/100 %, end, error, with the media's parameters. */
  | ({ type: 'media'; event: MediaEventName; error?: string } & MediaParameters);

/** Where events go. `send` must not throw; it is called synchronously. */
export interface Transport {
  send(event: AnalyticsEvent): void;
}

/** Keeps every event, in order (development and tests). */
export interface MemoryTransport extends Transport {
  readonly events: AnalyticsEvent[];
  clear(): void;
}

export function createMemoryTransport(): MemoryTransport {
  const events: AnalyticsEvent[] = [];
  return {
    events,
    send: (event) => void events.push(event),
    clear: () => void events.splice(0, events.length),
  };
}

/** The in-memory transport the app uses outside production builds. */
export const memoryTransport = createMemoryTransport();

/**
 * In production, what is reported while no transport is installed: a page's own effects (a search's
 * results) run before its layout's, which installs the transport; the next transport set gets them
 * (and applies its own rules: consent). At most `HELD_EVENTS_LIMIT`, the first ones.
 */
const HELD_EVENTS_LIMIT = 50;
const held: AnalyticsEvent[] = [];
const holdingTransport: Transport = {
  send: (event) => {
    if (held.length < HELD_EVENTS_LIMIT) held.push(event);
  },
};

const defaultTransport: Transport = import.meta.env.PROD ? holdingTransport : memoryTransport;
let transport: Transport = defaultTransport;

/** Replaces the transport; `undefined` restores the default one. Events held meanwhile go to `next`. */
export function setTransport(next: Transport | undefined): void {
  transport = next ?? defaultTransport;
  if (next) for (const event of held.splice(0)) send(event);
}

function send(event: AnalyticsEvent): void {
  try {
    transport.send(event);
  } catch {
    // Analytics never breaks the app.
  }
}

export const analytics = {
  /** A page view (the main shell reports every route change). */
  page: (path: string, title: string) => send({ type: 'page', path, title }),
  /** A category page was opened. */
  category: (id: string, title: string) => send({ type: 'category', id, title }),
  /** A search answered `count` results for `query`. */
  searchResults: (query: string, count: number) => send({ type: 'searchResults', query, count }),
  /** A path led nowhere (/notFound). */
  notFound: (path: string) => send({ type: 'notFound', path }),
  /** A playback's media event: start, a progress milestone ('25'…'100'), end, error (with what went wrong). */
  media: (event: MediaEventName, parameters: MediaParameters, error?: string) =>
    send({ type: 'media', event, ...parameters, ...(error === undefined ? {} : { error }) }),
};
