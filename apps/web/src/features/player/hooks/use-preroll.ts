import { useCallback, useMemo, useRef, useState } from 'react';
import { useStartup } from '../../../api/use-startup';
import { hasConsent } from '../../../lib/analytics/consent';
import { isPayTvCountry } from '../../../lib/tv-provider';
import { fetchPreroll, type PrerollAd } from '../ad';
import type { AdState } from '../controller';
import { followAd } from '../session/ad-tracking';
import type { PrerollSource } from '../session/playback-session';

/**
 * The VAST pre-roll (media notes §6) for the session: no decision without the visitor's consent
 * (SPEC-DECISIONS), none in the US (spec part 2 §4); while the ad plays, its pixels and the remaining time the overlay shows; the
 * click-through (tracked, then opened in a new tab).
 */
export function usePreroll(): { ad: AdState | undefined; source: PrerollSource; adClick: () => void } {
  const [ad, setAd] = useState<AdState | undefined>(undefined);
  const playing = useRef<PrerollAd | undefined>(undefined);
  const noAds = isPayTvCountry(useStartup().location.country);

  const source = useMemo<PrerollSource>(
    () => ({
      fetch: (vastUrl) =>
        hasConsent('advertising') && !noAds ? fetchPreroll(vastUrl) : Promise.resolve(null),
      follow: (preroll, video) => {
        playing.current = preroll;
        const clickThrough = preroll.clickThrough;
        setAd({ remainingSeconds: 0, clickThrough });
        const end = followAd(preroll, video, (remainingSeconds) => setAd({ remainingSeconds, clickThrough }));
        return (played) => {
          end(played);
          playing.current = undefined;
          setAd(undefined);
        };
      },
    }),
    [noAds],
  );

  const adClick = useCallback(() => {
    const current = playing.current;
    if (!current) return;
    current.tracker.click();
    if (current.clickThrough) window.open(current.clickThrough, '_blank', 'noopener,noreferrer');
  }, []);

  return { ad, source, adClick };
}
