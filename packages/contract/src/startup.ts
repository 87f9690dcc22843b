import { DEFAULT_CHANNEL_ID, DEFAULT_COUNTRY } from './constants.js';
import type { Filter, LocationFilters } from './location.js';

/**
 * The startup's derived values (spec part 1 §4), computed the same way by the web app and by the
 * server's index.html bootstrap. No TypeBox here: the web app imports it on its first screen.
 */

/** The device filter when the filters answer has none. */
export const WEB_DEVICE_FILTER = 'DEVICE:WEB';

/** Where the visitor is, as the web app uses it. */
export interface StartupLocation {
  locationKnown: boolean;
  /** The detected country; FR when the location is unknown (spec part 1 §4). */
  country: string;
  /** channel-59 when the location is unknown; the spec names no other default yet. */
  channelId: string;
  /** The filters answer as `type:value` joined with commas, for the structure call. */
  filters: string;
}

/** What the structure (and its components) depend on besides the config. */
export interface StructureParams {
  /** The location-filters answer joined as `type:value` with commas, e.g. `DEVICE:WEB`. */
  filters: string;
  /** The detected country, FR when the location is unknown. */
  allowedCountry: string;
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

export const structureParamsOf = (
  location: Pick<StartupLocation, 'filters' | 'country'>,
): StructureParams => ({
  filters: location.filters,
  allowedCountry: location.country,
});
