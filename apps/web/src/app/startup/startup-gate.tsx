import { useEffect, useState, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { bootMessages } from '../../lib/boot-messages';
import { configureCrashReports } from '../../lib/crash-reports';
import { applyTheme } from '../../lib/theme';
import { StartupContext, useStartupQueries, useStartupValue } from '../../api/use-startup';
import { Loader } from '../shell/loader';
import { StartupError } from '../shell/startup-error';
import type { Boot } from '../boot';

/**
 * Startup (spec part 1 §4): the loader shows until the config, location filters, contract
 * countries and structure have answered (or failed where a failure has a fallback), the
 * translations and the first page's code are loaded and the authentication state is known
 * (at most 2500 ms).
 * A config that cannot be loaded at all gives an error screen with a retry button.
 */
export function StartupGate({ boot, children }: { boot: Boot; children: ReactNode }) {
  const queries = useStartupQueries();
  const { config, contractCountries, location, structure } = queries;
  const startup = useStartupValue(queries);
  const messages = bootMessages[boot.locale];
  const i18n = useBootReady(boot);

  useEffect(() => {
    if (!config.data) return;
    applyTheme(config.data.design);
    // Crash reports wait for the config: it says where they go (our server, or Sentry).
    configureCrashReports(config.data);
  }, [config.data]);

  if (config.isError && !config.isFetching) {
    return <StartupError messages={messages} onRetry={() => void config.refetch()} />;
  }
  const answered =
    config.isSuccess && location !== undefined && !contractCountries.isPending && !structure.isPending;
  if (!answered || !i18n || startup === null) return <Loader label={messages.loading} />;
  return (
    <StartupContext.Provider value={startup}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </StartupContext.Provider>
  );
}

/**
 * The translations once they, the authentication state and the first page's code are ready
 * (all started at boot, in parallel with the startup calls); undefined until then.
 */
function useBootReady(boot: Boot): I18n | undefined {
  const [ready, setReady] = useState<{ boot: Boot; i18n: I18n } | undefined>(() =>
    boot.ready ? { boot, i18n: boot.ready } : undefined,
  );
  useEffect(() => {
    if (boot.ready) return;
    let current = true;
    void Promise.all([boot.i18n, boot.authState, boot.page]).then(([i18n]) => {
      if (current) setReady({ boot, i18n });
    });
    return () => {
      current = false;
    };
  }, [boot]);
  return ready?.boot === boot ? ready.i18n : undefined;
}
