import { ARTWORK_WIDTHS, imageSources, type ImageSources } from './image-sources.js';
import type { Action, Presentation, WlImage } from './whitelabel.js';

/** One item of a hero banner component's `components.heroBannerItems` (Exposure). */
export interface HeroBannerItem {
  type?: string;
  appSubType?: string;
  presentation?: Presentation;
  /** What the item presents (Exposure ApiPresentationFromAssetContent): the title's own presentation. */
  content?: { type: string; presentation?: Presentation };
  actions?: { default?: Action };
}

/**
 * The picture a hero-banner item shows (no TypeBox here: the web app imports it on its first
 * screen): the image tagged `main` (what Red Bee's clients show first), else `background`, else
 * the first landscape one, else the first. The web app's hero banner draws it; the server preloads
 * the first item's in index.html (apps/server/src/modules/web-app/bootstrap.ts).
 */
export function heroImage<I extends Pick<WlImage, 'tags' | 'orientation'>>(
  images: readonly I[] | undefined,
): I | undefined {
  return (
    images?.find((i) => i.tags?.includes('main')) ??
    images?.find((i) => i.tags?.includes('background')) ??
    images?.find((i) => i.orientation === 'LANDSCAPE') ??
    images?.[0]
  );
}

/**
 * How wide a hero image is painted, for `sizes`. The banner (apps/web/src/components/hero/
 * hero-banner.module.css) spans the page, 16:9 below 1220 px and 21:9 from there, at most 70vh
 * high; the key art (64:27, the catalogue's 2560×1080 backgrounds) covers it. Below 1220 px it is
 * so painted wider than the banner: 56.25vw high × 64/27 = 133vw, or, once the height is capped
 * (viewports wider than 5:4, landscape phones), 70vh × 64/27 = 166vh, never less than the banner's
 * 100vw (wider than 5:3). From 1220 px, 21:9 is within 2 % of 64:27: 100vw. A 412 px phone at
 * DPR 2.625 thus needs 412 × 4/3 × 2.625 = 1442 px: the 1600 px candidate.
 */
export const HERO_IMAGE_SIZES =
  '(min-width: 1220px) 100vw, (min-aspect-ratio: 5/3) 100vw, (min-aspect-ratio: 5/4) 166vh, 133.33vw';

/**
 * The sources of a hero image (the URL `heroImage` chose): the web app's `<img>` uses them, and the
 * server's `<link rel="preload" as="image" imagesrcset imagesizes fetchpriority="high">` must use
 * exactly these, or the browser downloads the image twice.
 */
export function heroImageSources(url: string): ImageSources {
  return imageSources(url, ARTWORK_WIDTHS, HERO_IMAGE_SIZES, 1280);
}
