import { useEffect } from 'react';
import { beaconAnalyticsBatch, postAnalyticsBatch } from '../../api/analytics';
import { useStartup } from '../../api/use-startup';
import { analytics, setTransport } from '../../lib/analytics/analytics';
import { BatchingTransport } from '../../lib/analytics/batching-transport';

/**
 * Installs the batching transport (the server's analytics endpoint, with consent only) for as
 * long as the layout is up; production builds only, development and tests keep the memory one.
 * Layouts call it before they report the page view, so the first view goes through it.
 */
export function useAnalyticsTransport(enabled: boolean = import.meta.env.PROD): void {
  const { config } = useStartup();
  useEffect(() => {
    if (!enabled) return;
    const transport = new BatchingTransport({
      sender: {
        post: (batch) => postAnalyticsBatch(config, batch),
        beacon: (batch) => beaconAnalyticsBatch(config, batch),
      },
      // The page the visitor accepted on: its view came before the choice and was not recorded.
      onConsentGiven: () => analytics.page(`${location.pathname}${location.search}`, document.title),
    });
    setTransport(transport);
    return () => {
      setTransport(undefined);
      transport.dispose();
    };
  }, [config, enabled]);
}
