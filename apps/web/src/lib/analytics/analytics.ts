/**
 * The analytics seam: screens report what happened through `analytics`, a `Transport` decides
 * where it goes. No tracker is wired yet (config.analytics is disabled in the demo), so the
 * default transport keeps events in memory in development and tests (`memoryTransport.events`)
 * and drops them in production. A real tracker plugs in with `setTransport()`.
 */

export type AnalyticsEvent =
  | { type: 'page'; path: string; title: string }
  | { type: 'category'; id: string; title: string }
  | { type: 'searchResults'; query: string; count: number }
  | { type: 'notFound'; path: string }
  /** The player reached `percent` (25, 50, 75, 100) of an asset. */
  | { type: 'media'; assetId: string; percent: number };

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

/** Drops every event, silently (production until a tracker is configured). */
export const noopTransport: Transport = { send: () => undefined };

/** The in-memory transport the app uses outside production builds. */
export const memoryTransport = createMemoryTransport();

const defaultTransport: Transport = import.meta.env.PROD ? noopTransport : memoryTransport;
let transport: Transport = defaultTransport;

/** Replaces the transport; `undefined` restores the default one. */
export function setTransport(next: Transport | undefined): void {
  transport = next ?? defaultTransport;
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
  /** Playback of `assetId` reached `percent` of its duration (the heartbeat milestones). */
  mediaProgress: (assetId: string, percent: number) => send({ type: 'media', assetId, percent }),
};
