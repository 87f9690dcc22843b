import type { Action, Presentation, WlImage } from './whitelabel.js';

/** One item of a hero banner component's `components.heroBannerItems` (Exposure). */
export interface HeroBannerItem {
  appSubType?: string;
  presentation?: Presentation;
  actions?: { default?: Action };
}

/**
 * The picture a hero-banner item shows (no TypeBox here: the web app imports it on its first
 * screen): the image tagged `background`, else the first landscape one, else the first. The web
 * app's hero banner draws it; the server preloads the first item's in index.html
 * (apps/server/src/modules/web-app/bootstrap.ts).
 */
export function heroImage<I extends Pick<WlImage, 'tags' | 'orientation'>>(
  images: readonly I[] | undefined,
): I | undefined {
  return (
    images?.find((i) => i.tags?.includes('background')) ??
    images?.find((i) => i.orientation === 'LANDSCAPE') ??
    images?.[0]
  );
}
