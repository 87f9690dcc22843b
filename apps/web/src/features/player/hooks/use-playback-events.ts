import { useCallback, useEffect, useRef } from 'react';
import type { Asset } from '@antenne/contract';
import { EventReporter } from '../../../api/playback';
import { useStartup } from '../../../api/use-startup';
import { analytics } from '../../../lib/analytics/analytics';
import { useSessionStore } from '../../../state/session-store';
import { mediaParameters, milestoneEvent } from '../media-analytics';
import { PlaybackEvents } from '../session/playback-events';
import type { ObservedRun } from './use-playback-session';

/**
 * The playback's events (spec part 2 §9): for each run of the session, the eventsink reporter of
 * its play session (timed posts with the session token, sendBeacon on leaving) and the analytics'
 * media events — start, the progress milestones, end, error — with the rich-media parameters of
 * the asset (`asset`, when its details have come). Answers the factory the session hook calls once per run.
 */
export function usePlaybackEvents(asset?: Asset): (run: ObservedRun) => PlaybackEvents {
  const { config, location } = useStartup();
  // The details may come after the run started: its events read the latest.
  const latest = useRef(asset);
  useEffect(() => {
    latest.current = asset;
  }, [asset]);
  const country = location.country;
  return useCallback(
    ({ video, play, playheadDate }) => {
      const parameters = () =>
        mediaParameters(play, latest.current?.assetId === play.assetId ? latest.current : undefined, country);
      return new PlaybackEvents({
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
        onMilestone: (percent) => {
          const event = milestoneEvent(percent);
          if (event !== undefined) analytics.media(event, parameters());
        },
        onMedia: (event, error) => analytics.media(event, parameters(), error),
      });
    },
    [config, country],
  );
}
