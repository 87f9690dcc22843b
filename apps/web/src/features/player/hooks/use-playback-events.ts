import { useCallback } from 'react';
import type { PlayResponse } from '@antenne/contract';
import { EventReporter } from '../../../api/playback';
import { useStartup } from '../../../api/use-startup';
import { analytics } from '../../../lib/analytics/analytics';
import { useSessionStore } from '../../../state/session-store';
import { PlaybackEvents } from '../session/playback-events';

/**
 * The playback's events (spec part 2 §9): for each run of the session, the eventsink reporter of
 * its play session (timed posts with the session token, sendBeacon on leaving) and the analytics'
 * progress milestones. Answers the factory the session hook calls once per run.
 */
export function usePlaybackEvents(): (run: {
  video: HTMLVideoElement;
  play: PlayResponse;
}) => PlaybackEvents {
  const { config } = useStartup();
  return useCallback(
    ({ video, play }) =>
      new PlaybackEvents({
        video,
        play,
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
