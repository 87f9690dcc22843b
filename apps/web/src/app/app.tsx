import { useEffect } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { Boot } from './boot';
import { AppErrorBoundary } from './app-error-boundary';
import { ConsentHost } from '../lib/consent/consent-host';
import { AppRoutes } from './routes';
import { StartupGate } from './startup/startup-gate';

export interface AppProps {
  boot: Boot;
  queryClient: QueryClient;
  /** Called once the app has mounted (after the hydration of a server-rendered page). */
  onMounted?: () => void;
}

/** Providers, then the startup gate (loader until ready), then the page of the current location. */
export function App({ boot, queryClient, onMounted }: AppProps) {
  useEffect(() => onMounted?.(), [onMounted]);
  return (
    <AppErrorBoundary locale={boot.locale}>
      <QueryClientProvider client={queryClient}>
        <StartupGate boot={boot}>
          <AppRoutes />
          <ConsentHost />
        </StartupGate>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
