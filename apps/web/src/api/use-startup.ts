import { createContext, useContext, useMemo } from 'react';
import { useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import {
  resolveLocation,
  structureParamsOf,
  type ConfigWeb,
  type ContractCountries,
  type LocationFilters,
  type StartupLocation,
  type StructureParams,
  type WlConfig,
} from '@antenne/contract';
import { configQueryOptions } from './get-config';
import { contractCountriesQueryOptions } from './get-contract-countries';
import { locationFiltersQueryOptions } from './get-location-filters';
import { structureQueryOptions } from './get-structure';
import { settled } from '../lib/route-load';

/** The startup's derived values live in the contract: the server's render computes them the same way. */
export { joinFilters, resolveLocation, WEB_DEVICE_FILTER, type StartupLocation } from '@antenne/contract';

export interface StartupQueries {
  config: UseQueryResult<ConfigWeb>;
  contractCountries: UseQueryResult<ContractCountries>;
  locationFilters: UseQueryResult<LocationFilters>;
  /** Known once the filters call has answered or failed. */
  location: StartupLocation | undefined;
  structure: UseQueryResult<WlConfig>;
}

/**
 * The startup calls (spec part 1 §4), chained only where one needs another's answer:
 * config → location filters → structure, with the contract countries alongside.
 * Every answer stays in the query cache under ['config'], ['locationFilters'],
 * ['contractCountries'] and ['structure', params].
 */
export function useStartupQueries(): StartupQueries {
  const config = useQuery(configQueryOptions());
  const contractCountries = useQuery(contractCountriesQueryOptions());
  const locationFilters = useQuery(locationFiltersQueryOptions(config.data));
  const filtersSettled = locationFilters.isSuccess || locationFilters.isError;
  const location = useMemo(
    () => (filtersSettled ? resolveLocation(locationFilters.data) : undefined),
    [filtersSettled, locationFilters.data],
  );
  const params = useMemo<StructureParams | undefined>(
    () => (location ? structureParamsOf(location) : undefined),
    [location],
  );
  const structure = useQuery(structureQueryOptions(config.data, params));
  return { config, contractCountries, locationFilters, location, structure };
}

/** The startup answers, for screens rendered once the app is ready. */
export interface Startup {
  config: ConfigWeb;
  location: StartupLocation;
  contractCountries: ContractCountries;
  /** The structure document; undefined when its call failed (screens show their error state). */
  structure: WlConfig | undefined;
  structureError: Error | null;
}

/**
 * The startup answers, given by the startup gate once the app is ready (app/startup/startup-gate.tsx):
 * one subscription to the four startup queries for the whole app, rather than four per card and
 * per lane (a server-drawn page hydrates hundreds of them).
 */
export const StartupContext = createContext<Startup | null>(null);

/** The startup answers for the gate to give, kept while they are the same. */
export function useStartupValue({
  config,
  location,
  contractCountries,
  structure,
}: StartupQueries): Startup | null {
  return useMemo(
    () =>
      config.data && location
        ? {
            config: config.data,
            location,
            contractCountries: contractCountries.data ?? [],
            structure: structure.data,
            structureError: structure.error,
          }
        : null,
    [config.data, location, contractCountries.data, structure.data, structure.error],
  );
}

/** Reads the startup answers; only valid below the startup gate (the app is ready there). */
export function useStartup(): Startup {
  const startup = useContext(StartupContext);
  if (startup === null) throw new Error('useStartup() was called before the app was ready');
  return startup;
}

/**
 * The startup calls as the server render makes them before it renders (ssr/entry-server.tsx): the
 * same queries as useStartupQueries, in the same chain, into the render's cache. Undefined when the
 * config cannot be had (the render then draws the startup error, as the browser would).
 */
export async function loadStartup(queryClient: QueryClient): Promise<Startup | undefined> {
  const [config, contractCountries] = await Promise.all([
    settled(queryClient.ensureQueryData(configQueryOptions())),
    settled(queryClient.ensureQueryData(contractCountriesQueryOptions())),
  ]);
  if (config === undefined) return undefined;
  const filters = await settled(queryClient.ensureQueryData(locationFiltersQueryOptions(config)));
  const location = resolveLocation(filters);
  const structureOptions = structureQueryOptions(config, structureParamsOf(location));
  const structure = await settled(queryClient.ensureQueryData(structureOptions));
  return {
    config,
    location,
    contractCountries: contractCountries ?? [],
    structure,
    structureError: queryClient.getQueryState(structureOptions.queryKey)?.error ?? null,
  };
}
