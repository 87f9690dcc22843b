import { useCallback } from 'react';
import { EventReporter } from '../../../api/playback';
import { useStartup } from '../../../api/use-startup';
import { analytics } from '../../../lib/analytics/analytics';
import { useSessionStore } from '../../../state/session-store';
import { PlaybackEvents } from '../session/playback-events';
import type { ObservedRun } from './use-playback-session';

/**
 * The playback's events (spec part 2 §9): for each run of the session, the eventsink reporter of
 * its play session (timed posts with the session token, sendBeacon on leaving) and the analytics'
 * progress milestones. Answers the factory the session hook calls once per run.
 */
export function usePlaybackEvents(): (run: ObservedRun) => PlaybackEvents {
  const { config } = useStartup();
  return useCallback(
    ({ video, play, playheadDate }) =>
      new PlaybackEvents({
        video,
        play,
        playheadDate,
        sink: new EventReporter({
          config,
          playSessionId: play.playSessionId,
          assetId: play.assetId,
          token: useSessionStore.getState().token,
          beaconToken: play.beaconToken,
          intervalMs: play.analytics?.postInterval ? play.analytics.postInterval * 1000 : undefined,
        }),
        onMilestone: (percent) => analytics.mediaProgress(play.assetId, percent),
      }),
    [config],
  );
}
