import { useSyncExternalStore } from 'react';
import { readOncePerRun } from '../../lib/read-once-per-run';

/** `scrollY` forces a layout when the page has changed: read once per run (lib/read-once-per-run). */
const isScrolled = readOncePerRun(() => window.scrollY > 0);

function subscribe(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** Whether the page is scrolled at all (the top bar turns solid then). */
export function useScrolled(): boolean {
  return useSyncExternalStore(subscribe, isScrolled, () => false);
}
