import { useSessionStore } from '../state/session-store';

/**
 * Who reads the catalogue (ADR 0012). A restricted profile sends its session token on the lanes',
 * mosaics', hero's and search's reads, and the server leaves out the titles above its level, in a
 * personal answer; anyone else reads the public, cached answers. `scope` goes into the query
 * keys, so switching profile never shows another profile's cached lanes.
 */
export interface CatalogueViewer {
  /** The restricted profile's session token; null: the public catalogue. */
  token: string | null;
  /** The restricted profile's id; null for the public catalogue. */
  scope: string | null;
}

const restricted = (state: ReturnType<typeof useSessionStore.getState>) =>
  state.token !== null && state.profile?.restricted === true;

export function useCatalogueViewer(): CatalogueViewer {
  const token = useSessionStore((state) => (restricted(state) ? state.token : null));
  const scope = useSessionStore((state) => (restricted(state) ? (state.profile?.externalId ?? null) : null));
  return { token, scope };
}

/** The fetch options of a catalogue read for this viewer: its bearer, and no HTTP cache for a personal answer. */
export const viewerRequest = (viewer: CatalogueViewer) =>
  viewer.token ? { token: viewer.token, noCache: true } : {};
