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
  asset: AssetTable;
  asset_localized: AssetLocalizedTable;
  asset_tag: AssetTagTable;
  tag: TagTable;
  season: SeasonTable;
  product: ProductTable;
  publication: PublicationTable;
  households: HouseholdsTable;
  profiles: ProfilesTable;
  sessions: SessionsTable;
  preferences: PreferencesTable;
  favorites: FavoritesTable;
  followed_tags: FollowedTagsTable;
  play_history: PlayHistoryTable;
  household_subscriptions: HouseholdSubscriptionsTable;
  video_tickets: VideoTicketsTable;
  play_sessions: PlaySessionsTable;
  playback_events: PlaybackEventsTable;
  ad_beacons: AdBeaconsTable;
  pin_attempts: PinAttemptsTable;
  programmes: ProgrammesTable;
  recordings: RecordingsTable;
  recording_series: RecordingSeriesTable;
  crash_reports: CrashReportsTable;
  crash_rate: CrashRateTable;
  ad_display_events: AdDisplayEventsTable;
  ad_display_rate: AdDisplayRateTable;
  staff_members: StaffMembersTable;
  activation_codes: ActivationCodesTable;
  activation_attempts: ActivationAttemptsTable;
  analytics_events: AnalyticsEventsTable;
  tv_provider_keys: TvProviderKeysTable;
  tv_provider_subscribers: TvProviderSubscribersTable;
  tv_provider_attempts: TvProviderAttemptsTable;
  tv_provider_spent_tokens: TvProviderSpentTokensTable;
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

/**
 * A catalogue asset (film, series, episode ...). `season`/`episode` are numbers here, strings in
 * the API. JSON text columns hold lists that are only read whole. `content_hash` is the hash of
 * the imported document, so a re-import of the same data changes nothing.
 */
export interface AssetTable {
  id: string;
  customer: string;
  business_unit: string;
  type: string;
  slug: string | null;
  tv_show_id: string | null;
  season_id: string | null;
  season: number | null;
  episode: number | null;
  production_year: number | null;
  duration_ms: number | string | bigint | null;
  popularity: number;
  participants: string;
  linked_entities: string;
  external_references: string;
  parental_ratings: string;
  production_countries: string;
  subtitles: string;
  spoken_languages: string;
  medias: string;
  custom_data: string | null;
  content_hash: string;
  created: string;
  changed: string;
}

/** One language's texts of an asset; `images` is a JSON array of Exposure images. */
export interface AssetLocalizedTable {
  asset_id: string;
  locale: string;
  title: string | null;
  sorting_title: string | null;
  description: string | null;
  short_description: string | null;
  long_description: string | null;
  tiny_description: string | null;
  images: string;
  /** Order of the locales as imported (clients fall back to the first entry). */
  position: number;
}

export interface AssetTagTable {
  asset_id: string;
  scheme: string;
  tag_id: string;
}

/** A tag (Exposure `ApiTagType`); `localized` is JSON `[{locale, title, description?}]`. */
export interface TagTable {
  id: string;
  customer: string;
  business_unit: string;
  scheme: string;
  localized: string;
}

/** A season of a TV show; `localized` as for assets (JSON). */
export interface SeasonTable {
  id: string;
  tv_show_id: string;
  season_number: number;
  localized: string;
  start_year: number | null;
  end_year: number | null;
  created: string;
  changed: string;
}

/** An offer an asset is published through; the monetisation type is one of the contract's. */
export interface ProductTable {
  id: string;
  customer: string;
  business_unit: string;
  name: string;
  monetisation_type: string;
  max_ads: number;
}

/** A publication window of an asset; lists and rights are JSON text. */
export interface PublicationTable {
  id: string;
  asset_id: string;
  publication_date: string | null;
  from_date: string;
  to_date: string;
  countries: string;
  products: string;
  services: string;
  rights: string;
}

/** A household: one per identity-service user (accounts module); `status` is a HouseholdStatus. */
export interface HouseholdsTable {
  id: string;
  identity_user_id: string;
  email: string;
  status: string;
  created_at: string;
  /** A household of a pay-TV distributor's subscriber (issue 19): the distributor's id, NULL otherwise. */
  tv_provider: string | null;
  /** That subscriber's opaque id at the distributor (unique with `tv_provider`). */
  tv_provider_subscriber: string | null;
}

/** A household member; booleans are 0/1, `metadata` JSON text (avatar, PrLevel, Reminders ...), `pin_hash` scrypt. */
export interface ProfilesTable {
  id: string;
  household_id: string;
  display_name: string;
  owner: number;
  child: number;
  profile_type: string | null;
  language: string | null;
  metadata: string;
  pin_hash: string | null;
  created_at: string;
}

/** An Exposure session: only the SHA-256 of its token is kept. */
export interface SessionsTable {
  token_hash: string;
  household_id: string;
  profile_id: string;
  device_id: string;
  device_name: string;
  device_type: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** The distributor of a provider-bound session (adobePrimetimeLogin): US plays need one. NULL otherwise. */
  tv_provider: string | null;
  /** The sign-in that made it (ISO-8601), kept by a profile switch; NULL when none did (activation). */
  signed_in_at: string | null;
}

/** A profile's preferences: the whole map as JSON text. */
export interface PreferencesTable {
  profile_id: string;
  map: string;
  last_updated: string;
}

/** A favourite of a profile (Exposure's `favorites` list); `metadata` JSON text. */
export interface FavoritesTable {
  profile_id: string;
  asset_id: string;
  position: number;
  metadata: string;
  created_at: string;
}

/** A tag a profile follows (Exposure's `tagfeed` tag list); `metadata` JSON text. */
export interface FollowedTagsTable {
  profile_id: string;
  tag_id: string;
  position: number;
  metadata: string;
  created_at: string;
}

/** Where a profile stopped in an asset: offset ms, time epoch ms (bigint: text on PostgreSQL). */
export interface PlayHistoryTable {
  profile_id: string;
  asset_id: string;
  last_viewed_offset: number | string | bigint;
  last_viewed_time: number | string | bigint;
}

/** A household's subscription to a product (playback module); `end_date` null: open-ended. */
export interface HouseholdSubscriptionsTable {
  id: string;
  household_id: string;
  product_id: string;
  start_date: string;
  end_date: string | null;
}

/** A household's right to one asset through a product (rental or purchase); counts while `end_date` is null or ahead. */
export interface VideoTicketsTable {
  id: string;
  household_id: string;
  asset_id: string;
  product_id: string;
  created_at: string;
  end_date: string | null;
}

/** One play (entitlement/play): `id` is the playSessionId; household and profile null for an anonymous trailer. */
export interface PlaySessionsTable {
  id: string;
  household_id: string | null;
  profile_id: string | null;
  asset_id: string;
  created_at: string;
  expires_at: string;
  country: string | null;
}

/** An eventsink event as received; `payload` the event's JSON; times epoch ms (bigint: text on PostgreSQL). */
export interface PlaybackEventsTable {
  id: string;
  play_session_id: string;
  household_id: string | null;
  profile_id: string | null;
  asset_id: string;
  event_type: string;
  offset_ms: number | string | bigint | null;
  sequence: number | string | bigint | null;
  event_time: number | string | bigint;
  payload: string;
  received_at: string;
}

/** A VAST tracking pixel the player fired. */
export interface AdBeaconsTable {
  id: string;
  play_session_id: string | null;
  ad_id: string;
  event: string;
  received_at: string;
}

/** A wrong parental PIN (or password) a household sent, or one being checked; epoch ms (bigint: text on PostgreSQL). */
export interface PinAttemptsTable {
  id: string;
  household_key: string;
  attempted_at: number | string | bigint;
}

/** A programme of a channel's schedule (EPG); times epoch ms (bigint: text on PostgreSQL). */
export interface ProgrammesTable {
  id: string;
  channel_id: string;
  asset_id: string;
  start_ms: number | string | bigint;
  end_ms: number | string | bigint;
  flags: number;
  source: 'demo' | 'import';
  created: string;
  changed: string;
}

/** A programme a profile records (ADR 0026): its span copied; the status follows the clock. */
export interface RecordingsTable {
  id: string;
  household_id: string;
  profile_id: string;
  programme_id: string;
  channel_id: string;
  asset_id: string;
  start_ms: number | string | bigint;
  end_ms: number | string | bigint;
  /** QUOTA_EXCEEDED, or null when it records. */
  failure_reason: string | null;
  series_id: string | null;
  created_at: string;
}

/** A series a profile records on a channel (`series_key`: the show's id, or the title's own). */
export interface RecordingSeriesTable {
  id: string;
  household_id: string;
  profile_id: string;
  channel_id: string;
  series_key: string;
  created_at: string;
}

/** Crash reports (issue 17): one row per UTC day and fingerprint, counted; the first report's text kept. */
export interface CrashReportsTable {
  day: string;
  fingerprint: string;
  count: number;
  first_seen_ms: number | string | bigint;
  last_seen_ms: number | string | bigint;
  kind: string;
  message: string;
  stack: string | null;
  route: string;
  release: string;
  user_agent: string | null;
}

/** The crash reports' rate limit: reports per client address and fixed minute (`window_ms`: its start). */
export interface CrashRateTable {
  client: string;
  window_ms: number | string | bigint;
  count: number;
}

/** An account (household) holding the staff role: it may open the dashboard (issue 17). */
export interface StaffMembersTable {
  household_id: string;
  granted_at: string;
}

export type WebConfigRow = Selectable<WebConfigTable>;
export type NewWlComponentRow = Insertable<WlComponentTable>;
export type NewWlConfigRow = Insertable<WlConfigTable>;

/** A display ad's tracking event (modules/ads): served, impression (viewable) or click, by UTC day. */
export interface AdDisplayEventsTable {
  id: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
  slot: string;
  size: string;
  page: string;
  ad_id: string;
  event: string;
  received_at: string;
}

/** Display-ad tracking requests of one client (a hash of its address) in a one-minute window (epoch ms; bigint: text on PostgreSQL). */
export interface AdDisplayRateTable {
  client_key: string;
  window_start: number | string | bigint;
  count: number;
}

/** One audience event (modules/analytics, ADR 0034): append-only, grouped by its UTC `day`. */
export interface AnalyticsEventsTable {
  id: string;
  /** YYYY-MM-DD, UTC, from the server's clock when it was received. */
  day: string;
  /** Epoch ms (bigint: a string on PostgreSQL). */
  received_at: number | string;
  visitor_id: string;
  kind: string;
  path: string | null;
  asset_id: string | null;
  /** 1 for a live channel's media event. */
  channel: number;
  media_event: string | null;
  /** A search's query, trimmed and lower-cased. */
  query: string | null;
  result_count: number | null;
  /** The event as sent (JSON). */
  event: string;
}

/** A device activation code (modules/activation, issue 18); times epoch ms (bigint: text on PostgreSQL). */
export interface ActivationCodesTable {
  code: string;
  created_at: number | string | bigint;
  expires_at: number | string | bigint;
  device_id: string | null;
  household_id: string | null;
  profile_id: string | null;
  confirmed_at: number | string | bigint | null;
  consumed_at: number | string | bigint | null;
}

/** A wrong activation code tried, or a code issued, per scope (modules/activation); epoch ms. */
export interface ActivationAttemptsTable {
  id: string;
  scope: string;
  attempted_at: number | string | bigint;
}

/** The test distributor's signing key (modules/tv-provider): one per distributor, shared by every process. */
export interface TvProviderKeysTable {
  provider_id: string;
  kid: string;
  /** The private key as a JWK, encrypted with AUTH_SECRET (better-auth's cipher; JSON text in rows made before). */
  private_jwk: string;
  created_at: string;
}

/** A subscriber of the test distributor; `includes_network` 0/1: its package has the network's US service. */
export interface TvProviderSubscribersTable {
  id: string;
  username: string;
  password_hash: string;
  includes_network: number;
  created_at: string;
}

/** A distributor's media token used once (its jti), kept until it expires (epoch ms). */
export interface TvProviderSpentTokensTable {
  provider_id: string;
  jti: string;
  expires_at: number | string | bigint;
}

/** A sign-in attempt at the test distributor's page (rate limit per client address); epoch ms. */
export interface TvProviderAttemptsTable {
  id: string;
  address: string;
  attempted_at: number | string | bigint;
}
