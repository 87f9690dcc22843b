import { LOCALES, type Image, type Localized, type Publication, type Texts } from './types.js';

/** The six demo streams every asset plays (the media generator produces them). */
export const DEMO_PROGRAMMES = [
  'programme-1',
  'programme-2',
  'programme-3',
  'programme-4',
  'programme-5',
  'programme-6',
] as const;
export type DemoProgramme = (typeof DEMO_PROGRAMMES)[number];

/** A stable programme for the n-th asset of a list. */
export function programmeFor(n: number): DemoProgramme {
  return DEMO_PROGRAMMES[n % DEMO_PROGRAMMES.length] ?? 'programme-1';
}

/**
 * CSA ratings (scheme `CSA`, country FR). The numeric code is the level the search's
 * `parentalRatings` filter compares and the one the player's classification bumper reads
 * (spec part 2, §4 / §9):
 *   '1' tous publics (no bumper)
 *   '3' déconseillé aux moins de 10 ans (csa10)
 *   '2' déconseillé aux moins de 12 ans (csa12)
 *   '4' interdit aux moins de 12 ans (csa12)
 *   '5' accord parental indisponible aux moins de 12 ans (csa12)
 *   '6' interdit aux moins de 16 ans (csa16)
 *   '7' interdit aux moins de 18 ans (the 18 level, handled by the hero; no bumper code in the spec)
 */
export const CSA = {
  TOUS_PUBLICS: '1',
  MOINS_10: '3',
  DECONSEILLE_12: '2',
  INTERDIT_12: '4',
  ACCORD_PARENTAL_12: '5',
  MOINS_16: '6',
  MOINS_18: '7',
} as const;
export type CsaRating = (typeof CSA)[keyof typeof CSA];

export const csa = (rating: CsaRating) => [{ country: 'FR', scheme: 'CSA', rating }];

/** Image URLs by convention: the image generator writes them later. */
export function assetImages(assetId: string): Image[] {
  const base = `/images/assets/${assetId}`;
  return [
    { url: `${base}/poster.png`, type: 'poster', orientation: 'PORTRAIT', width: 1000, height: 1500 },
    { url: `${base}/cover.png`, type: 'cover', orientation: 'LANDSCAPE', width: 1920, height: 1080 },
    { url: `${base}/thumbnail.png`, type: 'thumbnail', orientation: 'LANDSCAPE', width: 640, height: 360 },
    { url: `${base}/background.png`, type: 'banner', orientation: 'LANDSCAPE', width: 2560, height: 1080 },
    { url: `${base}/logo.png`, type: 'logo', orientation: 'LANDSCAPE', width: 800, height: 300 },
  ];
}

export function tagImages(tagId: string): Image[] {
  const base = `/images/tags/${tagId.replace(/:/g, '-')}`;
  return [
    { url: `${base}/logo.png`, type: 'logo', orientation: 'SQUARE', width: 512, height: 512 },
    { url: `${base}/cover.png`, type: 'cover', orientation: 'LANDSCAPE', width: 1920, height: 1080 },
  ];
}

/** Articles dropped from sorting titles. */
const ARTICLE = /^(l'|le |la |les |the |a |der |die |das |el |los |las |un |une )/i;

/** The five localized entries of an asset, fr first (the original; clients fall back to it). */
export function localized(assetId: string, titles: Texts, descriptions: Texts): Localized[] {
  const images = assetImages(assetId);
  return LOCALES.map((locale) => {
    const title = titles[locale];
    const description = descriptions[locale];
    const stripped = title.replace(ARTICLE, '');
    const sorting = stripped.charAt(0).toLocaleUpperCase(locale) + stripped.slice(1);
    return {
      locale,
      title,
      ...(sorting !== title && sorting.length > 0 ? { sortingTitle: sorting } : {}),
      description,
      shortDescription: description.length <= 140 ? description : `${description.slice(0, 137)}…`,
      images,
    };
  });
}

/** When a publication is active. */
export type Window = 'open' | 'future' | 'expired';

const WINDOWS: Record<Window, { fromDate: string; toDate: string }> = {
  open: { fromDate: '2024-01-01T00:00:00Z', toDate: '2099-12-31T23:59:59Z' },
  future: { fromDate: '2031-06-01T00:00:00Z', toDate: '2099-12-31T23:59:59Z' },
  expired: { fromDate: '2020-01-01T00:00:00Z', toDate: '2023-12-31T23:59:59Z' },
};

export interface PublicationOptions {
  products?: string[];
  countries?: string[];
  window?: Window;
  /** Overrides the window's start (e.g. staggered novelties). */
  fromDate?: string;
}

export function publication(assetId: string, options: PublicationOptions = {}): Publication {
  const window = WINDOWS[options.window ?? 'open'];
  const fromDate = options.fromDate ?? window.fromDate;
  const products = options.products ?? ['gratuit-pub'];
  return {
    publicationId: `pub-${assetId}`,
    publicationDate: fromDate,
    fromDate,
    toDate: window.toDate,
    countries: options.countries ?? [],
    products,
    rights: { maxAds: products.includes('gratuit-pub') ? 2 : 0 },
  };
}

/** `2025-03-07T00:00:00Z` for day n after a base date: stable created dates (newest first lists). */
export function dayAfter(base: string, n: number): string {
  const d = new Date(Date.parse(base) + n * 86_400_000);
  return d.toISOString().replace('.000Z', 'Z');
}

export const t = (fr: string, en: string, de: string, es: string, ar: string): Texts => ({
  fr,
  en,
  de,
  es,
  ar,
});
