import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { paths, queryKeys, type ConfigWeb, type StructureParams, type WlConfig } from '@antenne/contract';
import { api } from './client';

/** What the structure depends on besides the config (the contract's: the server's render keys by it too). */
export type { StructureParams } from '@antenne/contract';

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

export const structureQueryKey = queryKeys.structure;

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
