import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { paths, type Component, type ConfigWeb } from '@antenne/contract';
import type { StartupLocation } from './use-startup';
import { useStartup } from './use-startup';
import { api } from './client';

/**
 * A white-label component: `GET /v2/whitelabel/customer/{c}/businessunit/{bu}/config/sandwich/component/{id}`
 * (a page with its body, a menu, a footer, a hero banner, a carousel …), with the same filters
 * and country as the structure call.
 */
export function getComponent(
  config: ConfigWeb,
  location: Pick<StartupLocation, 'filters' | 'country'>,
  componentId: string,
  options: { signal?: AbortSignal } = {},
): Promise<Component> {
  return getComponentAt(config, location, paths.wlComponent(config, componentId), options);
}

/** The component at a path of our API (a page's reference address), asked as getComponent asks. */
export function getComponentAt(
  config: ConfigWeb,
  location: Pick<StartupLocation, 'filters' | 'country'>,
  path: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Component> {
  return api.get<Component>(path, {
    baseUrl: config.exposureBaseUrl,
    query: { paymentMethodPreview: false, filters: location.filters, allowedCountry: location.country },
    signal,
  });
}

export const componentQueryKey = (componentId: string | undefined, country: string | undefined) =>
  ['component', componentId, country] as const;

export const componentQueryOptions = (
  config: ConfigWeb,
  location: Pick<StartupLocation, 'filters' | 'country'>,
  componentId: string | undefined,
) =>
  queryOptions({
    queryKey: componentQueryKey(componentId, location.country),
    queryFn: componentId ? ({ signal }) => getComponent(config, location, componentId, { signal }) : skipToken,
    // The structure changes rarely; the server's answers carry their own freshness.
    staleTime: 5 * 60_000,
  });

/** A component by id (undefined: nothing is fetched), below the startup gate. */
export function useComponent(componentId: string | undefined) {
  const { config, location } = useStartup();
  return useQuery(componentQueryOptions(config, location, componentId));
}
