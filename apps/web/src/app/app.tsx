import { StrictMode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import type { createBrowserRouter } from 'react-router';
import type { Boot } from './boot';
import { AppErrorBoundary } from './app-error-boundary';
import { StartupGate } from './startup/startup-gate';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export interface AppProps {
  boot: Boot;
  queryClient: QueryClient;
  router: AppRouter;
}

/** Providers, then the startup gate (loader until ready), then the route table. */
export function App({ boot, queryClient, router }: AppProps) {
  return (
    <StrictMode>
      <AppErrorBoundary locale={boot.locale}>
        <QueryClientProvider client={queryClient}>
          <StartupGate boot={boot}>
            <RouterProvider router={router} />
          </StartupGate>
        </QueryClientProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}
