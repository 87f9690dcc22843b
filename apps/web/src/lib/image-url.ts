import { ARTWORK_WIDTHS, imageAt, imageSources, type ImageSources } from '@antenne/contract';

/**
 * URLs of the images endpoint at a given width (`/images/…?w=`): the server resizes and picks
 * AVIF/WebP by Accept, so the same URL serves every browser. The hero's sources are the contract's
 * `heroImageSources` (the server preloads the same).
 */

export { imageAt };

/** A fixed-width image (a card) at 1× and 2× pixel density. */
export function atDensities(url: string, width: number): { src: string; srcSet: string } {
  return { src: imageAt(url, width), srcSet: `${imageAt(url, width)} 1x, ${imageAt(url, width * 2)} 2x` };
}

/**
 * How wide a details page's backdrop is painted, for `sizes`. The box
 * (features/details/vod-details-page.module.css) spans the page, clamp(202px, 56.25vw, 720px) high;
 * the key art (64:27) covers it: 202 px × 64/27 = 479 px below 359 px, then 56.25vw × 64/27 =
 * 133vw, then from 1280 px 720 px × 64/27 = 1707 px, until the page is wider than that.
 */
export const DETAILS_BACKGROUND_SIZES =
  '(min-width: 1707px) 100vw, (min-width: 1280px) 1707px, (min-width: 359px) 133.33vw, 479px';

/** The sources of a details page's backdrop, its largest image (its LCP). */
export function detailsBackgroundSources(url: string): ImageSources {
  return imageSources(url, ARTWORK_WIDTHS, DETAILS_BACKGROUND_SIZES, 1280);
}
