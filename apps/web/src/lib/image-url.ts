/**
 * URLs of the images endpoint at a given width (`/images/…?w=`): the server resizes and picks
 * AVIF/WebP by Accept, so the same URL serves every browser.
 */

/** Widths offered for full-width artwork (hero, details background). */
export const ARTWORK_WIDTHS = [640, 1280, 1920] as const;

export function imageAt(url: string, width: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}w=${width}`;
}

/** A fixed-width image (a card) at 1× and 2× pixel density. */
export function atDensities(url: string, width: number): { src: string; srcSet: string } {
  return { src: imageAt(url, width), srcSet: `${imageAt(url, width)} 1x, ${imageAt(url, width * 2)} 2x` };
}

/** Full-width artwork: the browser picks its width from the viewport. */
export function fullWidth(url: string): { src: string; srcSet: string; sizes: string } {
  return {
    src: imageAt(url, 1280),
    srcSet: ARTWORK_WIDTHS.map((w) => `${imageAt(url, w)} ${w}w`).join(', '),
    sizes: '100vw',
  };
}
