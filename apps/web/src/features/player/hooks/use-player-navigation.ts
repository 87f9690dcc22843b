import { useCallback, useEffect, useRef, useState } from 'react';
import { getNextAsset } from '../../../api/playback';
import { useStartup } from '../../../api/use-startup';
import { useNavigate } from '../../../lib/router';

/** Leaves the player: back to the page of the app it was opened from; a direct visit goes home. */
export function useLeavePlayer(): () => void {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  });
  return useCallback(() => {
    if (window.history.length > 1) latest.current(-1);
    else latest.current('/', { replace: true });
  }, []);
}

const playerPath = (assetId: string) => `/player/${encodeURIComponent(assetId)}`;

/**
 * The next episode (spec part 2 §4): looked up for the button when an episode plays; at the
 * asset's end asked again — the next episode plays, else (none, a failed call, not an episode:
 * a film, a trailer or a channel goes back without asking) the player is left.
 * The page mounts this once per asset (keyed), so there is nothing to reset.
 */
export function useNextEpisode({
  assetId,
  isEpisode,
  leave,
}: {
  assetId: string;
  isEpisode: boolean;
  leave: () => void;
}) {
  const { config } = useStartup();
  const navigate = useNavigate();
  const [nextId, setNextId] = useState<string | undefined>(undefined);
  const latest = useRef({ isEpisode, navigate, leave });
  const ending = useRef<AbortController | undefined>(undefined);
  useEffect(() => {
    latest.current = { isEpisode, navigate, leave };
  });

  useEffect(() => {
    if (!isEpisode) return;
    const controller = new AbortController();
    getNextAsset(config, assetId, { signal: controller.signal }).then(
      (next) => setNextId(next?.assetId),
      () => undefined,
    );
    return () => controller.abort();
  }, [config, assetId, isEpisode]);

  useEffect(() => () => ending.current?.abort(), []);

  const playNext = useCallback(() => {
    if (nextId) navigate(playerPath(nextId), { replace: true });
  }, [navigate, nextId]);

  const afterEnd = useCallback(async () => {
    const controller = new AbortController();
    ending.current = controller;
    const { signal } = controller;
    const next = latest.current.isEpisode
      ? await getNextAsset(config, assetId, { signal }).catch(() => null)
      : null;
    if (signal.aborted) return;
    if (next) latest.current.navigate(playerPath(next.assetId), { replace: true });
    else latest.current.leave();
  }, [config, assetId]);

  return { hasNext: nextId !== undefined, playNext, afterEnd };
}
