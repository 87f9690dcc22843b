import { Type, type Static } from 'typebox';

const CountryCode = Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' });

/**
 * `GET /v2/location`: the caller's country from its IP address. When it is unknown (loopback, a
 * private network) `locationKnown` is false and `countryCode` the default country (DEFAULT_COUNTRY),
 * never null: Exposure's ApiLocation types it as a string, and clients go on with it.
 */
export const LocationSchema = Type.Object(
  {
    locationKnown: Type.Boolean(),
    countryCode: CountryCode,
  },
  { $id: 'Location', title: 'Location' },
);
export type Location = Static<typeof LocationSchema>;

export const FilterSchema = Type.Object({ type: Type.String(), value: Type.String() });
export type Filter = Static<typeof FilterSchema>;

/** `GET /v2/whitelabel/customer/{c}/businessunit/{bu}/filters`. */
export const LocationFiltersSchema = Type.Object(
  {
    locationKnown: Type.Boolean(),
    countryCode: CountryCode,
    filters: Type.Array(FilterSchema),
  },
  { $id: 'LocationFilters', title: 'LocationFilters' },
);
export type LocationFilters = Static<typeof LocationFiltersSchema>;

/** `GET /contracts-countries.json`: one entry per contract. */
export const ContractCountrySchema = Type.Object({
  id: Type.String(),
  allowedCountries: Type.Array(CountryCode),
});
export type ContractCountry = Static<typeof ContractCountrySchema>;
export const ContractCountriesSchema = Type.Array(ContractCountrySchema, {
  $id: 'ContractCountries',
  title: 'ContractCountries',
});
export type ContractCountries = Static<typeof ContractCountriesSchema>;
