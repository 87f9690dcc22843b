import { Type, type Static } from 'typebox';

const CountryCode = Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' });

/** `GET /v2/location`: the caller's country from its IP address. */
export const LocationSchema = Type.Object(
  {
    locationKnown: Type.Boolean(),
    countryCode: Type.Union([CountryCode, Type.Null()]),
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
    countryCode: Type.Union([CountryCode, Type.Null()]),
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
