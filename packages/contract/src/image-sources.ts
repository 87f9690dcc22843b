/**
 * URLs of the images endpoint at a width (`/images/…?w=`) and the `src`/`srcset`/`sizes` of an
 * image offered at several widths. The server resizes and picks AVIF, WebP or JPEG by Accept, so
 * the same URLs serve every browser. Plain functions (no TypeBox): the web app's first screen and
 * the server's preload both use them, so their values are the same.
 */

/** `url` at `width` pixels wide (its aspect ratio kept). */
export function imageAt(url: string, width: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}w=${width}`;
}

/**
 * The widths full-width key art (the hero, a details page's backdrop) is offered at: 640 for small
 * phones at DPR 1 up to 2560 for wide screens at DPR 2 (the demo's art is 1280 px wide and the
 * server enlarges at most 2×), with steps of at most 1.5× between them.
 */
export const ARTWORK_WIDTHS = [640, 960, 1280, 1600, 1920, 2560] as const;

/** An `<img>`'s sources, or a `<link rel="preload" as="image">`'s (`href`, `imagesrcset`, `imagesizes`). */
export interface ImageSources {
  src: string;
  srcset: string;
  sizes: string;
}

/** `url` offered at `widths` (`w` descriptors), painted at `sizes`, `fallbackWidth` wide without srcset. */
export function imageSources(
  url: string,
  widths: readonly number[],
  sizes: string,
  fallbackWidth: number,
): ImageSources {
  return {
    src: imageAt(url, fallbackWidth),
    srcset: widths.map((width) => `${imageAt(url, width)} ${width}w`).join(', '),
    sizes,
  };
}
