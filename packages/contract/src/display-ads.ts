/**
 * Display ads (issue 17, spec part 2 §2, §9): the slots' size classes and sizes, the ad decision's
 * and tracking's paths and answer. No TypeBox here (the schemas are in display-ads-schemas.ts):
 * the web app imports these values on its first screen.
 */

import { exposurePrefix, type BusinessUnitRef, type ExposureRoute } from './exposure.js';

const v2 = (bu: BusinessUnitRef) => exposurePrefix('v2', bu);
const enc = encodeURIComponent;

export const AD_SLOTS = ['top', 'middle'] as const;
export type AdSlotPosition = (typeof AD_SLOTS)[number];

export const AD_SIZE_CLASSES = ['small', 'medium', 'large', 'xlarge'] as const;
export type AdSizeClass = (typeof AD_SIZE_CLASSES)[number];

/** The pages a slot can be on (targeting): the spec's home and details, and the other screens. */
export const AD_PAGES = ['home', 'details', 'category', 'mosaic', 'search', 'other'] as const;
export type AdPage = (typeof AD_PAGES)[number];

/** The tracking events: delivered into a slot, viewable impression (≥ 50 % for 1 s), click-through. */
export const AD_DISPLAY_EVENTS = ['served', 'impression', 'click'] as const;
export type AdDisplayEvent = (typeof AD_DISPLAY_EVENTS)[number];

/**
 * The size class of a window width (spec part 2 §9): up to 640 px small, up to 1024 medium, up to
 * 1200 large, else extra-large.
 */
export function adSizeClass(windowWidth: number): AdSizeClass {
  if (windowWidth <= 640) return 'small';
  if (windowWidth <= 1024) return 'medium';
  if (windowWidth <= 1200) return 'large';
  return 'xlarge';
}

/**
 * Each slot's creative size per class (spec part 2 §9, docs/adr/0035): top 320×50 up to 1024 px,
 * the 970×250 billboard up to 1200 and 1000×250 beyond; middle 300×250 up to 1024 px, the 300×600
 * half page beyond. The slot's CSS reserves the same boxes (components/ad-slot).
 */
export const AD_SLOT_SIZES: Readonly<
  Record<AdSlotPosition, Readonly<Record<AdSizeClass, readonly [width: number, height: number]>>>
> = {
  top: { small: [320, 50], medium: [320, 50], large: [970, 250], xlarge: [1000, 250] },
  middle: { small: [300, 250], medium: [300, 250], large: [300, 600], xlarge: [300, 600] },
};

/** The query of the ad decision. */
export interface DisplayAdQuery {
  slot: AdSlotPosition;
  size: AdSizeClass;
  page: AdPage;
  /** A category tag id (`category:jeunesse`) for targeting. */
  category?: string;
  /** Our consent string (lib/analytics/consent.ts): no ad without advertising=1. */
  consent: string;
  /** The page view's number: the ad unit's site name alternates with it. */
  view?: number;
  /** The slot's order among the page's slots of its position (the 2nd top slot: 1): they rotate. */
  index?: number;
  lang?: string;
}

/** One creative in one slot, as the decision answers it. */
export interface DisplayAd {
  adId: string;
  slot: AdSlotPosition;
  size: AdSizeClass;
  width: number;
  height: number;
  /** The creative image at exactly width × height (same-origin path). */
  imageUrl: string;
  /** Where a click goes (opens in a new tab). */
  clickUrl: string;
  altText: string;
  /** `/<network code>/<site name>/<page>/<slot>` (as Google Publisher Tag names ad units). */
  adUnit: string;
  siteName: string;
  /** GET or POST to count the viewable impression (once per display). */
  impressionUrl: string;
  /** GET or POST (sendBeacon) to count a click-through. */
  clickTrackingUrl: string;
}

export interface DisplayAdDecision {
  /** null: no ad (no consent, the US, nothing to show); the slot collapses. */
  ad: DisplayAd | null;
  /**
   * With `ADS_PROVIDER=gpt` (and consent, outside the US): the Google Publisher Tag slot to define
   * instead of a house creative (docs/display-ads.md).
   */
  gpt?: { adUnit: string; width: number; height: number };
}

export const displayAdPaths = {
  /** GET ?slot&size&page&category&consent&view&lang: `{ad}` (null when none applies). */
  decision: (bu: BusinessUnitRef) => `${v2(bu)}/ads/display`,
  /** GET or POST ?event&adId&slot&size&page&consent: 204. */
  track: (bu: BusinessUnitRef) => `${v2(bu)}/ads/display/track`,
  /** GET ?lang: the creative as an SVG image of exactly width × height. */
  creative: (bu: BusinessUnitRef, adId: string, width: number, height: number) =>
    `${v2(bu)}/ads/display/creative/${enc(adId)}/${width}x${height}.svg`,
} as const;

export const displayAdPatterns = {
  decision: { version: 'v2', pattern: '/ads/display' },
  track: { version: 'v2', pattern: '/ads/display/track' },
  creative: { version: 'v2', pattern: '/ads/display/creative/:adId/:size' },
} as const satisfies Record<string, ExposureRoute>;
