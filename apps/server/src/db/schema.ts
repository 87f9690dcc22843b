import type { Insertable, Selectable } from 'kysely';

/**
 * The tables as the application sees them. Columns are snake_case; JSON documents are stored
 * as text (the same on SQLite and PostgreSQL) and mapped to the contract's shapes in the
 * repositories. Timestamps are ISO-8601 text.
 */
export interface Database {
  web_config: WebConfigTable;
  contract_country: ContractCountryTable;
  wl_config: WlConfigTable;
  wl_component: WlComponentTable;
  catalogue_version: CatalogueVersionTable;
}

/** The web client's configuration (`/config/config_web.json`), one per customer and business unit. */
export interface WebConfigTable {
  customer: string;
  business_unit: string;
  body: string;
}

/** A contract and the countries it allows (`/contracts-countries.json`). */
export interface ContractCountryTable {
  id: string;
  /** JSON array of ISO 3166-1 alpha-2 codes. */
  allowed_countries: string;
  position: number;
}

/** A white-label config (Exposure `ApiConfig`, e.g. id `sandwich`) without its own id/customer/dates. */
export interface WlConfigTable {
  id: string;
  customer: string;
  business_unit: string;
  name: string;
  body: string;
  created: string;
  changed: string;
}

/** A white-label component (Exposure `ApiComponent`: page, menu, footer, carousel ...). */
export interface WlComponentTable {
  id: string;
  customer: string;
  business_unit: string;
  app_type: string;
  body: string;
  created: string;
  changed: string;
}

/** One row; bumped whenever catalogue or structure data changes so per-process caches refresh. */
export interface CatalogueVersionTable {
  id: number;
  version: number;
  changed: string;
}

export type WebConfigRow = Selectable<WebConfigTable>;
export type NewWlComponentRow = Insertable<WlComponentTable>;
export type NewWlConfigRow = Insertable<WlConfigTable>;
