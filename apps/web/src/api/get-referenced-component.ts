import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { queryKeys, type ConfigWeb, type StartupLocation } from '@antenne/contract';
import { getComponentAt } from './get-component';
import { useStartup } from './use-startup';

/**
 * The white-label component at a reference address of our API: a text page's
 * `components.pageBody[0].referenceUrl`, already reduced to a path (components/page-text).
 */
export const getReferencedComponent = getComponentAt;

export const referencedComponentQueryOptions = (
  config: ConfigWeb,
  location: Pick<StartupLocation, 'filters' | 'country'>,
  path: string | undefined,
) =>
  queryOptions({
    queryKey: queryKeys.pageReference(path, location.country),
    queryFn: path ? ({ signal }) => getReferencedComponent(config, location, path, { signal }) : skipToken,
    staleTime: 5 * 60_000,
  });

/** The component at `path` (undefined: nothing is fetched). */
export function useReferencedComponent(path: string | undefined) {
  const { config, location } = useStartup();
  return useQuery(referencedComponentQueryOptions(config, location, path));
}
