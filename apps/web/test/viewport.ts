import { vi } from 'vitest';
import { DESKTOP_MIN_WIDTH } from '@antenne/contract';

/**
 * A window `width` pixels wide for the app's media queries (jsdom has no matchMedia: without this
 * the app lays itself out as on a phone). Undone with the test's other globals.
 */
export function setViewportWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches =
      (min ? width >= Number(min[1]) : true) &&
      (max ? width <= Number(max[1]) : true) &&
      (min || max) !== null;
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  });
}

export const DESKTOP_WIDTH = DESKTOP_MIN_WIDTH + 80;
