import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdPage, AdSlotPosition, DisplayAd, DisplayAdQuery } from '@antenne/contract';
import { trackDisplayAd, useDisplayAd } from '../../api/display-ads';
import { useStartup } from '../../api/use-startup';
import { consentString } from '../../lib/analytics/consent';
import { isPayTvCountry } from '../../lib/tv-provider';
import styles from './ad-slot.module.css';
import { useAdSizeClass, useAdvertisingConsent, usePageView } from './use-ad-context';
import { ViewabilityWatcher } from './viewability';

export interface AdSlotProps {
  position: AdSlotPosition;
  /** The page it is on (the decision's targeting). */
  page: AdPage;
  /** A category tag id of what the page shows (`category:jeunesse`), for targeting. */
  category?: string | undefined;
  /** The slot's order among the page's slots of this position (the 2nd top slot: 1). */
  index?: number;
}

/**
 * An advertising slot (spec part 2 §2, §9; server modules/ads). With advertising consent it asks
 * the ad decision for its size class — up to 640 px small, up to 1024 medium, up to 1200 large,
 * else extra-large: a top slot 320×50, 970×250 or 1000×250, a middle slot 300×250 or 300×600 —
 * holding that space while it waits, and shows the creative: a link opening in a new tab, labelled
 * as an advertisement. A viewable impression (≥ 50 % in view for 1 s) and a click are reported.
 * Without consent or in the US (nothing is asked: no ads there, spec part 2 §6), or with no ad,
 * the slot collapses: no space, nothing announced; a withdrawal of consent collapses it at once.
 */
export function AdSlot({ position, page, category, index = 0 }: AdSlotProps) {
  const { location } = useStartup();
  const consent = useAdvertisingConsent() && !isPayTvCountry(location.country);
  const size = useAdSizeClass();
  const view = usePageView();
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const query = useMemo<DisplayAdQuery | undefined>(
    () =>
      consent && size
        ? {
            slot: position,
            size,
            page,
            ...(category ? { category } : {}),
            consent: consentString(),
            view,
            index,
            lang,
          }
        : undefined,
    [consent, size, position, page, category, view, index, lang],
  );
  const decision = useDisplayAd(query);
  if (!query || decision.isError || decision.data?.ad === null) return null;
  return <Slot position={position} ad={decision.data?.ad} />;
}

function Slot({ position, ad }: { position: AdSlotPosition; ad: DisplayAd | undefined }) {
  const { t } = useTranslation();
  const { config } = useStartup();
  const box = useRef<HTMLElement>(null);

  // One viewable impression per display of a creative.
  const impressionUrl = ad?.impressionUrl;
  useEffect(() => {
    const element = box.current;
    if (!element || !impressionUrl) return;
    const watcher = new ViewabilityWatcher(element, () =>
      trackDisplayAd(config, impressionUrl, consentString()),
    );
    watcher.start();
    return () => watcher.stop();
  }, [config, impressionUrl]);

  return (
    <aside
      ref={box}
      className={`${styles.slot} ${position === 'top' ? styles.top : styles.middle}`}
      aria-label={t('AD.LABEL')}
      aria-busy={ad === undefined || undefined}
      data-ad-slot={position}
    >
      {ad ? (
        <a
          className={styles.creative}
          href={ad.clickUrl}
          target="_blank"
          rel="noopener sponsored"
          onClick={() => trackDisplayAd(config, ad.clickTrackingUrl, consentString())}
        >
          <img
            src={ad.imageUrl}
            width={ad.width}
            height={ad.height}
            alt={`${ad.altText} ${t('DISPLAY_ADS.NEW_TAB')}`}
          />
        </a>
      ) : null}
      <span className={styles.label} aria-hidden="true">
        {t('AD.LABEL')}
      </span>
    </aside>
  );
}
