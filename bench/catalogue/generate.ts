/**
 * A synthetic catalogue in the import format (docs/catalogue-format.md) for scale runs:
 * N assets (films, series with seasons and episodes) in five languages, tags, products and a
 * small white-label structure (config, home page, a carousel). Deterministic for a given size.
 *
 *   tsx bench/catalogue/generate.ts 20000 > /tmp/catalogue-20k.json
 */
import { writeFileSync } from 'node:fs';
import { LOCALES, properName, title, WORDS } from './words.js';

const CATEGORIES = [
  'cinema',
  'fiction',
  'documentaires',
  'jeunesse',
  'information',
  'sport',
  'musique',
  'podcasts',
  'culture',
  'humour',
  'societe',
];
const COUNTRIES = ['FR', 'BE', 'CH', 'CA', 'SN', 'CI', 'MA', 'TN', 'CM', 'LU'];

/** A small deterministic pseudo-random generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function publication(id: string, rnd: () => number) {
  const limited = rnd() < 0.1;
  return {
    publicationId: `pub-${id}`,
    publicationDate: '2025-01-01T00:00:00Z',
    fromDate: '2025-01-01T00:00:00Z',
    toDate: '2099-12-31T23:59:59Z',
    countries: limited ? [COUNTRIES[Math.floor(rnd() * COUNTRIES.length)]!] : [],
    products: [rnd() < 0.8 ? 'gratuit' : 'abonnement'],
  };
}

export function generateCatalogue(size: number): unknown {
  const rnd = random(size);
  const assets: unknown[] = [];
  const seasons: unknown[] = [];
  const localized = (id: string, n: number, a: number, b: number) =>
    LOCALES.map((locale) => ({
      locale,
      title: title(locale, n, a, b),
      description: `${title(locale, n, b, a)} — ${WORDS[locale]!.nouns[(a + 5) % 20]} ${WORDS[locale]!.adjectives[b % 10]}, ${properName(n + 7919)}.`,
      images: [
        {
          url: `/images/synthetic/${id}/poster.png`,
          type: 'poster',
          orientation: 'PORTRAIT',
          width: 1000,
          height: 1500,
        },
        {
          url: `/images/synthetic/${id}/cover.png`,
          type: 'cover',
          orientation: 'LANDSCAPE',
          width: 1920,
          height: 1080,
        },
      ],
    }));
  const tagsOf = (n: number) => [
    { scheme: 'category', tagId: CATEGORIES[n % CATEGORIES.length]! },
    { scheme: 'subcategory', tagId: `sub-${n % 40}` },
  ];
  let n = 0;
  while (assets.length < size) {
    n += 1;
    const a = Math.floor(rnd() * 1000);
    const b = Math.floor(rnd() * 1000);
    const created = new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();
    if (n % 10 !== 0 || size - assets.length < 9) {
      const id = `film-${n}`;
      assets.push({
        assetId: id,
        type: 'MOVIE',
        productionYear: 1980 + (n % 45),
        productionCountries: [COUNTRIES[n % COUNTRIES.length]!],
        duration: 3_600_000 + (n % 60) * 60_000,
        popularity: Math.round(rnd() * 1000) / 10,
        localized: localized(id, n, a, b),
        tags: tagsOf(n),
        parentalRatings: [{ country: 'FR', scheme: 'CSA', rating: String(1 + (n % 6)) }],
        participants: [{ name: `Personne ${n % 500}`, function: 'actor' }],
        publications: [publication(id, rnd)],
        created,
      });
      continue;
    }
    // Every tenth title is a series: 2 seasons × 4 episodes.
    const showId = `serie-${n}`;
    assets.push({
      assetId: showId,
      type: 'TV_SHOW',
      localized: localized(showId, n, a, b),
      tags: tagsOf(n),
      publications: [publication(showId, rnd)],
      created,
    });
    for (let s = 1; s <= 2; s += 1) {
      const seasonId = `${showId}-s${s}`;
      seasons.push({
        seasonId,
        tvShowId: showId,
        season: s,
        localized: [{ locale: 'fr', title: `Saison ${s}` }],
      });
      for (let e = 1; e <= 4; e += 1) {
        const id = `${showId}-s${s}e${e}`;
        assets.push({
          assetId: id,
          type: 'EPISODE',
          tvShowId: showId,
          seasonId,
          season: s,
          episode: e,
          duration: 1_500_000,
          localized: localized(id, n * 10 + s * 4 + e, a + e, b + s),
          publications: [publication(id, rnd)],
          created,
        });
      }
    }
  }
  return {
    version: 1,
    products: [
      { id: 'gratuit', name: 'Gratuit avec publicité', monetisationType: 'Advertising', maxAds: 2 },
      { id: 'abonnement', name: 'Abonnement', monetisationType: 'Subscription' },
    ],
    tags: [
      ...CATEGORIES.map((tagId) => ({
        tagId,
        scheme: 'category',
        localized: [{ locale: 'fr', title: tagId }],
      })),
      ...Array.from({ length: 40 }, (_, i) => ({
        tagId: `sub-${i}`,
        scheme: 'subcategory',
        localized: [{ locale: 'fr', title: `Sous-catégorie ${i}` }],
      })),
    ],
    assets: assets.slice(0, size),
    seasons,
    structure: {
      components: [
        {
          id: 'bench-carousel',
          name: 'Cinéma',
          appType: 'carousel',
          appSubType: 'TagsQuery',
          presentation: { fallback: { title: 'Cinéma' } },
          contentUrl: {
            type: 'AssetQuery',
            url: '/v1/customer/{customer}/businessunit/{businessUnit}/content/asset?query=tags.category:cinema&sort=-created&pageSize=10',
            authorized: false,
          },
        },
      ],
    },
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const size = Number(process.argv[2] ?? 1000);
  const out = process.argv[3];
  const json = JSON.stringify(generateCatalogue(size));
  if (out) writeFileSync(out, json);
  else process.stdout.write(json);
}
