import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { SubtitleStyle } from '../controller';
import { parseSubtitleStyle, subtitleStyleKey } from './subtitle-style';

/** Written values when localStorage refuses them (private mode): they last for this page. */
const memory = new Map<string, string>();
const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab of the same profile changed the style.
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

function readRaw(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? memory.get(key) ?? null;
  } catch {
    return memory.get(key) ?? null;
  }
}

function writeRaw(key: string, value: string): void {
  memory.set(key, value);
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage unavailable: the in-memory copy serves this page.
  }
  for (const listener of listeners) listener();
}

/** The subtitle style of a profile, remembered in localStorage `subtitle-style:<profileId>`. */
export function useSubtitleStyle(
  profileId: string | undefined,
): [SubtitleStyle, (style: SubtitleStyle) => void] {
  const key = subtitleStyleKey(profileId);
  // The raw string is the snapshot: equal strings are equal snapshots, so no render loop.
  const raw = useSyncExternalStore(
    subscribe,
    () => readRaw(key),
    () => null,
  );
  const style = useMemo(() => parseSubtitleStyle(raw), [raw]);
  const setStyle = useCallback((next: SubtitleStyle) => writeRaw(key, JSON.stringify(next)), [key]);
  return [style, setStyle];
}
