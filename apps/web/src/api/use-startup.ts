import { useMemo } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  DEFAULT_CHANNEL_ID,
  DEFAULT_COUNTRY,
  type ConfigWeb,
  type ContractCountries,
  type Filter,
  type LocationFilters,
  type WlConfig,
} from '@antenne/contract';
import { configQueryOptions } from './get-config';
import { contractCountriesQueryOptions } from './get-contract-countries';
import { locationFiltersQueryOptions } from './get-location-filters';
import { structureQueryOptions, type StructureParams } from './get-structure';

/** The web app is always the WEB device, whatever the filters call answered. */
export const WEB_DEVICE_FILTER = 'DEVICE:WEB';

/** Where the visitor is, as the rest of the app uses it. */
export interface StartupLocation {
  locationKnown: boolean;
  /** The detected country; FR when the location is unknown (spec part 1 §4). */
  country: string;
  /** channel-59 when the location is unknown; the spec names no other default yet. */
  channelId: string;
  /** The filters answer as `type:value` joined with commas, for the structure call. */
  filters: string;
}

export function joinFilters(filters: readonly Filter[] | undefined): string {
  return (filters ?? []).map(({ type, value }) => `${type}:${value}`).join(',');
}

/** Location from the filters answer; an unknown location or a failed call gives FR and channel-59. */
export function resolveLocation(answer: LocationFilters | undefined): StartupLocation {
  const country = answer?.locationKnown ? answer.countryCode : null;
  return {
    locationKnown: country !== null,
    country: country ?? DEFAULT_COUNTRY,
    channelId: DEFAULT_CHANNEL_ID,
    filters: joinFilters(answer?.filters) || WEB_DEVICE_FILTER,
  };
}

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
  const settled = locationFilters.isSuccess || locationFilters.isError;
  const location = useMemo(
    () => (settled ? resolveLocation(locationFilters.data) : undefined),
    [settled, locationFilters.data],
  );
  const params = useMemo<StructureParams | undefined>(
    () => (location ? { filters: location.filters, allowedCountry: location.country } : undefined),
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

/** Reads the startup answers; only valid below the startup gate (the app is ready there). */
export function useStartup(): Startup {
  const { config, location, contractCountries, structure } = useStartupQueries();
  if (!config.data || !location) throw new Error('useStartup() was called before the app was ready');
  return {
    config: config.data,
    location,
    contractCountries: contractCountries.data ?? [],
    structure: structure.data,
    structureError: structure.error,
  };
}
