import { useSyncExternalStore } from 'react';
import { DESKTOP_MIN_WIDTH } from '@antenne/contract';
import { renderContext } from './render-context';

/** Whether a media query matches, kept up to date (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    // A server render (and the hydration of its page) lays out for the device class it guessed.
    () => (query === DESKTOP_MEDIA_QUERY ? (renderContext()?.desktop ?? false) : false),
  );
}

/** Desktop layout from 1220 px wide, mobile below (spec part 1 §2). CSS uses the same width. */
export const DESKTOP_MEDIA_QUERY = `(min-width: ${DESKTOP_MIN_WIDTH}px)`;
export const useIsDesktop = () => useMediaQuery(DESKTOP_MEDIA_QUERY);
