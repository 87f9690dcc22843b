import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { paths, type ConfigWeb, type WlConfig } from '@antenne/contract';
import { api } from './client';

/** What the structure depends on besides the config: the device filters and the country. */
export interface StructureParams {
  /** The location-filters answer joined as `type:value` with commas, e.g. `DEVICE:WEB`. */
  filters: string;
  /** The detected country, FR when the location is unknown. */
  allowedCountry: string;
}

/**
 * The structure: `GET /v2/whitelabel/customer/{c}/businessunit/{bu}/config/sandwich`
 * (Exposure ApiConfig: components homePage, menu, footer as references).
 */
export function getStructure(
  config: ConfigWeb,
  params: StructureParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<WlConfig> {
  return api.get<WlConfig>(paths.wlConfig(config), {
    baseUrl: config.exposureBaseUrl,
    query: { paymentMethodPreview: false, filters: params.filters, allowedCountry: params.allowedCountry },
    signal,
  });
}

export const structureQueryKey = (params: StructureParams | undefined) => ['structure', params] as const;

export const structureQueryOptions = (config: ConfigWeb | undefined, params: StructureParams | undefined) =>
  queryOptions({
    queryKey: structureQueryKey(params),
    queryFn: config && params ? ({ signal }) => getStructure(config, params, { signal }) : skipToken,
    staleTime: Infinity,
    // Read by every screen: a startup failure is not fetched again by each new reader.
    retryOnMount: false,
  });

export const useStructure = (config: ConfigWeb | undefined, params: StructureParams | undefined) =>
  useQuery(structureQueryOptions(config, params));
