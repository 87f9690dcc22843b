import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useStartup } from '../../api/use-startup';
import { afterPageLive } from '../render-context';
import type * as ConsentPlatform from './consent-platform';

type Platform = typeof ConsentPlatform;

/**
 * Starts the consent platform once the first page is live (its code and styles are fetched then,
 * never before the page answers), keeps its language with the interface's, and keeps the choice
 * with the account (consent-account.ts). Renders nothing itself: the platform draws its own banner
 * and preferences at the end of <body>.
 */
export function ConsentHost() {
  const { t, i18n } = useTranslation();
  const { config } = useStartup();
  const queryClient = useQueryClient();
  const [platform, setPlatform] = useState<Platform | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    let stop: (() => void) | undefined;
    void afterPageLive
      .then(() => Promise.all([import('./consent-platform'), import('./consent-account')]))
      .then(([loaded, account]) => {
        if (cancelled) return;
        stop = account.keepConsentWithAccount(config, queryClient, (choice) =>
          loaded.applyConsent(choice.accepted),
        );
        setPlatform(loaded);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [config, queryClient]);

  const language = i18n.language;
  useEffect(() => {
    if (!platform) return;
    void platform.startConsentPlatform(language, (key) => t(key as never)).catch(() => undefined);
  }, [platform, language, t]);

  return null;
}
