import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { lastViewedOffsetsQueryOptions } from '../../api/play-history';
import { useStartup } from '../../api/use-startup';
import { useUserToken } from '../../state/session-store';
import { resumePointOf, type ResumePoint } from './details-model';

/**
 * Where the signed-in user stopped in this asset (userplayhistory/lastviewedoffset), or undefined:
 * visitors never resume (spec part 2 §5), nor does an asset without a bookmark or one seen to the end.
 */
export function useResumePoint(
  assetId: string | undefined,
  durationMs: number | undefined,
): ResumePoint | undefined {
  const { config } = useStartup();
  const token = useUserToken();
  const ids = useMemo(() => (assetId ? [assetId] : []), [assetId]);
  const offsets = useQuery({
    ...lastViewedOffsetsQueryOptions(config, token, ids),
    // The player writes bookmarks while it plays: back on the details page, ask again.
    staleTime: 0,
  });
  if (!token || !assetId) return undefined;
  const entry = offsets.data?.items.find((item) => item.assetId === assetId);
  return resumePointOf(entry?.lastViewedOffset, durationMs);
}
