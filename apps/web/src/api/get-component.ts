import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { paths, queryKeys, type Component, type ConfigWeb, type StartupLocation } from '@antenne/contract';
import { useStartup } from './use-startup';
import { useCatalogueViewer, viewerRequest, type CatalogueViewer } from './catalogue-viewer';
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
  options: { signal?: AbortSignal; viewer?: CatalogueViewer } = {},
): Promise<Component> {
  return getComponentAt(config, location, paths.wlComponent(config, componentId), options);
}

/** The component at a path of our API (a page's reference address), asked as getComponent asks. */
export function getComponentAt(
  config: ConfigWeb,
  location: Pick<StartupLocation, 'filters' | 'country'>,
  path: string,
  { signal, viewer }: { signal?: AbortSignal; viewer?: CatalogueViewer } = {},
): Promise<Component> {
  return api.get<Component>(path, {
    baseUrl: config.exposureBaseUrl,
    query: { paymentMethodPreview: false, filters: location.filters, allowedCountry: location.country },
    ...(viewer ? viewerRequest(viewer) : {}),
    signal,
  });
}

/** `scope`: the restricted profile a hero's items were read for (ADR 0012); absent for the public answer. */
export const componentQueryKey = queryKeys.component;

export const componentQueryOptions = (
  config: ConfigWeb,
  location: Pick<StartupLocation, 'filters' | 'country'>,
  componentId: string | undefined,
  viewer?: CatalogueViewer,
) =>
  queryOptions({
    queryKey: componentQueryKey(componentId, location.country, viewer?.scope ?? null),
    queryFn: componentId
      ? ({ signal }) => getComponent(config, location, componentId, { signal, ...(viewer ? { viewer } : {}) })
      : skipToken,
    // The structure changes rarely; the server's answers carry their own freshness.
    staleTime: 5 * 60_000,
  });

/** A component by id (undefined: nothing is fetched), below the startup gate. */
export function useComponent(componentId: string | undefined) {
  const { config, location } = useStartup();
  return useQuery(componentQueryOptions(config, location, componentId));
}

/**
 * A hero banner's component: its items lead to titles, so a restricted profile reads it with its
 * session and gets only the items within its level (ADR 0012).
 */
export function useHeroComponent(componentId: string | undefined) {
  const { config, location } = useStartup();
  const viewer = useCatalogueViewer();
  return useQuery(componentQueryOptions(config, location, componentId, viewer));
}
