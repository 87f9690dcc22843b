/** The viewer's volume (0–100) and mute, kept across videos and visits on this browser. */
export interface StoredVolume {
  volume: number;
  muted: boolean;
}

export const VOLUME_STORAGE_KEY = 'player-volume';

export function readStoredVolume(): StoredVolume | null {
  try {
    const raw = globalThis.localStorage?.getItem(VOLUME_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== 'object') return null;
    const { volume, muted } = parsed as Record<string, unknown>;
    if (typeof volume !== 'number' || !Number.isFinite(volume)) return null;
    return { volume: clampVolume(volume), muted: muted === true };
  } catch {
    return null;
  }
}

export function storeVolume(value: StoredVolume): void {
  try {
    globalThis.localStorage?.setItem(VOLUME_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage unavailable: the volume lasts for this page only.
  }
}

export function clampVolume(volume: number): number {
  return Math.min(100, Math.max(0, Math.round(volume)));
}
