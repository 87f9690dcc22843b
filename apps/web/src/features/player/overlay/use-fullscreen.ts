import { useCallback, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

const isFullscreen = () => document.fullscreenElement != null;

/**
 * Full screen for the player container (the element holding the <video> and this overlay), so
 * the overlay stays over the video in full screen. The browser may refuse (no user gesture,
 * iframe without allowfullscreen): the page then simply stays as it is.
 */
export function useFullscreen(target: () => HTMLElement | null) {
  const active = useSyncExternalStore(subscribe, isFullscreen, () => false);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) {
      document.exitFullscreen?.().catch(() => {});
      return;
    }
    target()
      ?.requestFullscreen?.()
      .catch(() => {});
  }, [target]);
  return { active, toggle };
}
