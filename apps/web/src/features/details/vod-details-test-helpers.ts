// Shared set-up of the VOD details suites: a film, a series, and the server answering their details,
// tags and recommendations.
import type { Asset } from '@antenne/contract';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { preloadPageBeforeAll } from '../../../test/render-app';
import { json, mockFetch, type Handler } from '../../../test/fetch-mock';
import { usePopupStore } from '../../components/modal/popup-store';

const BU = '/v1/customer/antenne/businessunit/web';
export const ASSETS = `${BU}/content/asset`;

const tags = (values: [string, string][]): Asset['tags'] =>
  values.map(([type, tagId]) => ({ type, tagValues: [{ tagId }] }));

/** A film with a trailer, a CSA rating and a PRIORITÉ 1 subcategory. */
export const film: Asset = {
  assetId: 'film-ete-a-dakar',
  type: 'MOVIE',
  duration: 97.2 * 60_000,
  productionYear: 2024,
  productionCountries: ['SN', 'FR'],
  parentalRatings: [{ country: 'FR', scheme: 'CSA', rating: '6' }],
  participants: [
    { name: 'Awa Diop', function: 'director' },
    { name: 'Moussa Ndiaye', function: 'actor' },
  ],
  linkedEntities: [{ entityId: 'bande-annonce-ete-a-dakar', entityType: 'ASSET', linkType: 'TRAILER' }],
  localized: [
    { locale: 'fr', title: "L'Été à Dakar", description: 'Trois amis relancent une radio pirate.' },
  ],
  tags: tags([
    ['category', 'category:cinema'],
    ['subcategory', 'subcategory:comedie'],
    ['subcategory', 'subcategory:priorite-1'],
  ]),
};

export const episode = (season: number, n: number): Asset => ({
  assetId: `ep-s${season}-e${n}`,
  type: 'EPISODE',
  season: String(season),
  episode: String(n),
  localized: [{ locale: 'fr', title: `S${season} épisode ${n}` }],
});

/** A series of two seasons, listed out of order. */
export const series: Asset = {
  assetId: 'serie-maquis',
  type: 'TV_SHOW',
  localized: [{ locale: 'fr', title: 'Le Maquis' }],
  tags: tags([['category', 'category:fiction']]),
  seasons: [
    { seasonId: 'maquis-s2', season: '2', episodes: [episode(2, 1)] },
    { seasonId: 'maquis-s1', season: '1', episodes: [episode(1, 2), episode(1, 1)] },
  ],
};

const TAG_TITLES: Record<string, string> = {
  'category:cinema': 'Cinéma',
  'subcategory:comedie': 'Comédie',
  'subcategory:priorite-1': 'À la une PRIORITÉ 1',
  'category:fiction': 'Fiction',
};

/** Serves `assets` with their tags' titles, `recommendations` as the asset list, and `extra`. */
export function serve(assets: Asset[], recommendations: Asset[] = [], extra: Record<string, Handler> = {}) {
  const handlers: Record<string, Handler> = {
    ...extra,
    [ASSETS]: () =>
      json({ items: recommendations, totalCount: recommendations.length, pageNumber: 1, pageSize: 10 }),
  };
  for (const asset of assets) handlers[`${ASSETS}/${asset.assetId}`] = () => json(asset);
  for (const [tagId, title] of Object.entries(TAG_TITLES)) {
    handlers[`${BU}/tag/${encodeURIComponent(tagId)}`] = () =>
      json({ tagId, scheme: tagId.split(':')[0], localized: [{ locale: 'fr', title }] });
  }
  return mockFetch(handlers);
}

/**
 * The set-up of every VOD details suite, called at its top: no remembered return path before each
 * test; no popup and no stubbed globals after it.
 */
export function setUpDetailsTests() {
  preloadPageBeforeAll('/details/vod/film-ete-a-dakar');
  // The popups' dialog is a lazy chunk: a cold load can outlast a test's wait for the sign-in popup.
  beforeAll(() => import('../../components/modal/popup-dialog'), 30_000);
  beforeEach(() => {
    // test/setup.ts clears localStorage; the return path lives in sessionStorage.
    sessionStorage.clear();
  });

  afterEach(() => {
    usePopupStore.getState().close({ validated: false });
    vi.unstubAllGlobals();
  });
}
