import type {
  Asset,
  AssetImage,
  AssetRights,
  AssetTag,
  LocalizedData,
  Publication,
  Season,
} from '@antenne/contract';
import {
  queryableAsset,
  type QueryableAsset,
  type QueryableFields,
  type SortableAsset,
} from './query/index.js';
import type { AssetRow, LocalizedRow, PublicationRow, SeasonRow } from './repository.js';

/**
 * From the catalogue's rows to a snapshot's entries (snapshot.ts): an asset as a ready-to-serialise
 * Exposure object (full and partial) with the views the query language and the sort look at, its
 * publication windows, its seasons.
 */

/** A publication window reduced to what availability checks need. */
export interface Window {
  from: number;
  to: number;
  countries: string[];
}

export interface CatalogueEntry {
  /** fieldSet=ALL, without seasons. */
  asset: Asset;
  /** fieldSet=PARTIAL: without medias, participants, external references, custom data, long descriptions. */
  partial: Asset;
  queryable: QueryableAsset;
  sortable: SortableAsset;
  windows: Window[];
  /** Numeric season and episode (episodes), for series order. */
  seasonNumber?: number;
  episodeNumber?: number;
}

export const parse = <T>(text: string | null, fallback: T): T =>
  text === null || text === '' ? fallback : (JSON.parse(text) as T);
const num = (value: unknown): number | undefined =>
  value === null || value === undefined ? undefined : Number(value);

export function groupBy<R, K>(rows: R[], key: (row: R) => K): Map<K, R[]> {
  const map = new Map<K, R[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list === undefined) map.set(k, [row]);
    else list.push(row);
  }
  return map;
}

export function localizedOf(row: LocalizedRow): LocalizedData {
  const out: LocalizedData = { locale: row.locale };
  if (row.title !== null) out.title = row.title;
  if (row.sorting_title !== null) out.sortingTitle = row.sorting_title;
  if (row.description !== null) out.description = row.description;
  if (row.short_description !== null) out.shortDescription = row.short_description;
  if (row.long_description !== null) out.longDescription = row.long_description;
  if (row.tiny_description !== null) out.tinyDescription = row.tiny_description;
  out.images = parse<AssetImage[]>(row.images, []);
  return out;
}

export function publicationOf(row: PublicationRow): Publication {
  const out: Publication = {
    publicationId: row.id,
    fromDate: row.from_date,
    toDate: row.to_date,
    countries: parse<string[]>(row.countries, []),
    products: parse<string[]>(row.products, []),
    services: parse<string[]>(row.services, []),
    rights: parse<AssetRights>(row.rights, {}),
  };
  if (row.publication_date !== null) out.publicationDate = row.publication_date;
  return out;
}

export function tagsOf(rows: { scheme: string; tag_id: string }[]): AssetTag[] {
  const schemes = new Map<string, AssetTag>();
  for (const row of rows) {
    let tag = schemes.get(row.scheme);
    if (tag === undefined) schemes.set(row.scheme, (tag = { type: row.scheme, tagValues: [] }));
    tag.tagValues.push({ tagId: row.tag_id });
  }
  return [...schemes.values()];
}

export function entryOf(
  row: AssetRow,
  localized: LocalizedData[],
  tags: AssetTag[],
  publications: Publication[],
): CatalogueEntry {
  const participants = parse<{ name: string }[]>(row.participants, []);
  const medias = parse<{ format?: string; drm?: string }[]>(row.medias, []);
  const parentalRatings = parse<{ scheme: string; rating: string; country?: string }[]>(
    row.parental_ratings,
    [],
  );
  const productionCountries = parse<string[]>(row.production_countries, []);
  const season = num(row.season);
  const episode = num(row.episode);
  const productionYear = num(row.production_year);
  const duration = num(row.duration_ms);
  const popularity = Number(row.popularity ?? 0);

  const asset: Asset = { assetId: row.id, type: row.type, localized, tags };
  asset.parentalRatings = parentalRatings;
  asset.participants = participants as Asset['participants'];
  asset.linkedEntities = parse(row.linked_entities, []);
  asset.externalReferences = parse(row.external_references, []);
  if (productionYear !== undefined) asset.productionYear = productionYear;
  asset.productionCountries = productionCountries;
  if (duration !== undefined) asset.duration = duration;
  asset.subtitles = parse(row.subtitles, []);
  asset.spokenLanguages = parse(row.spoken_languages, []);
  asset.publications = publications.map((p) => ({
    ...p,
    // What entitlement/availabilitykey hands the account: a product, or a ticket's `<asset>_<product>`.
    availabilityKeys: p.products.flatMap((product) => [product, `${row.id}_${product}`]),
    devices: [],
  }));
  asset.medias = medias as Asset['medias'];
  if (season !== undefined) asset.season = String(season);
  if (episode !== undefined) asset.episode = String(episode);
  if (row.season_id !== null) asset.seasonId = row.season_id;
  if (row.tv_show_id !== null) asset.tvShowId = row.tv_show_id;
  asset.slugs = row.slug === null ? [] : [row.slug];
  if (popularity > 0) asset.popularityScores = { popularity: String(popularity) };
  if (row.custom_data !== null) asset.customData = JSON.parse(row.custom_data) as unknown;
  asset.created = row.created;
  asset.changed = row.changed;
  // ApiAsset's fields the catalogue has nothing more for (issue 18): the medias' audio is the
  // spoken languages; no ad markers (pre-rolls come from the VAST call), no marker or cue points,
  // no collections.
  asset.audioTracks = asset.spokenLanguages ?? [];
  asset.live = row.type === 'TV_CHANNEL';
  asset.markers = [];
  asset.markerPoints = [];
  asset.cuePoints = [];
  asset.collections = [];

  const { medias: _m, participants: _p, externalReferences: _e, customData: _c, ...partialRest } = asset;
  const partial: Asset = {
    ...partialRest,
    localized: localized.map(({ longDescription: _l, ...rest }) => rest),
  };

  const titles: Record<string, string> = {};
  const sortingTitles: Record<string, string> = {};
  for (const l of localized) {
    if (l.title !== undefined) titles[l.locale] = l.title;
    const sorting = l.sortingTitle ?? l.title;
    if (sorting !== undefined) sortingTitles[l.locale] = sorting;
  }
  const fields: QueryableFields = {
    assetId: row.id,
    type: row.type,
    tags: tags.flatMap((t) => t.tagValues.map((v) => ({ scheme: t.type, tagId: v.tagId }))),
    participantNames: participants.map((p) => p.name),
    titles,
    productionCountries,
    mediaFormats: medias.flatMap((m) => (m.format === undefined ? [] : [m.format])),
    mediaDrms: medias.flatMap((m) => (m.drm === undefined ? [] : [m.drm])),
  };
  if (productionYear !== undefined) fields.productionYear = productionYear;
  if (row.tv_show_id !== null) fields.tvShowId = row.tv_show_id;
  if (row.season_id !== null) fields.seasonId = row.season_id;
  if (asset.season !== undefined) fields.season = asset.season;
  if (asset.episode !== undefined) fields.episode = asset.episode;
  const queryable = queryableAsset(fields);

  const sortable: SortableAsset = {
    assetId: row.id,
    created: row.created,
    changed: row.changed,
    popularity,
    sortingTitles,
    titles,
  };
  if (productionYear !== undefined) sortable.productionYear = productionYear;
  const first = publications[0];
  if (first !== undefined) sortable.publicationDate = first.publicationDate ?? first.fromDate;
  if (asset.season !== undefined) sortable.season = asset.season;
  if (asset.episode !== undefined) sortable.episode = asset.episode;

  const entry: CatalogueEntry = {
    asset,
    partial,
    queryable,
    sortable,
    windows: publications.map((p) => ({
      from: Date.parse(p.fromDate),
      to: Date.parse(p.toDate),
      countries: p.countries,
    })),
  };
  if (season !== undefined) entry.seasonNumber = season;
  if (episode !== undefined) entry.episodeNumber = episode;
  return entry;
}

/**
 * Whether an entry may be shown: with `onlyPublished`, one of its publications is active now;
 * with a country, one of the (active, when onlyPublished) publications allows it (no countries = all).
 */
export function isAvailable(
  entry: CatalogueEntry,
  now: number,
  onlyPublished: boolean,
  country: string | undefined,
): boolean {
  if (!onlyPublished && country === undefined) return true;
  return entry.windows.some(
    (w) =>
      (!onlyPublished || (w.from <= now && now <= w.to)) &&
      (country === undefined || w.countries.length === 0 || w.countries.includes(country)),
  );
}

export function seasonOf(row: SeasonRow, episodeCount: number): Season {
  const season: Season = {
    seasonId: row.id,
    season: String(row.season_number),
    tvShowId: row.tv_show_id,
    episodeCount,
    localized: parse<LocalizedData[]>(row.localized, []).map((l) => ({ ...l, images: l.images ?? [] })),
    created: row.created,
    changed: row.changed,
  };
  const startYear = num(row.start_year);
  const endYear = num(row.end_year);
  if (startYear !== undefined) season.startYear = startYear;
  if (endYear !== undefined) season.endYear = endYear;
  return season;
}

export const bySeriesOrder = (a: CatalogueEntry, b: CatalogueEntry) =>
  (a.seasonNumber ?? 0) - (b.seasonNumber ?? 0) ||
  (a.episodeNumber ?? 0) - (b.episodeNumber ?? 0) ||
  (a.asset.assetId < b.asset.assetId ? -1 : a.asset.assetId > b.asset.assetId ? 1 : 0);
