import type {
  Asset,
  AssetImage,
  AssetRights,
  AssetTag,
  LocalizedData,
  LocalizedTag,
  Publication,
  Season,
  TagType,
} from '@antenne/contract';
import type { Kysely } from 'kysely';
import { readCatalogueVersion } from '../../db/catalogue-version.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Tenant } from '../../lib/business-unit.js';
import type { PublicAnswer } from '../../lib/http-cache.js';
import type { QueryableAsset, SortableAsset } from './query/index.js';
import {
  listAssetTags,
  listAssets,
  listLocalized,
  listPublications,
  listSeasons,
  listTags,
  type AssetRow,
  type LocalizedRow,
  type PublicationRow,
  type SeasonRow,
} from './repository.js';
import { SearchIndex, type SearchDocument } from './search/index.js';

/**
 * The catalogue of one tenant, in memory: every asset as a ready-to-serialise Exposure object
 * plus the views the query language, the sort and the search look at. Loaded in a few queries,
 * kept until the catalogue version changes (see service.ts), so list calls are in-memory filters.
 */

/** A publication window reduced to what availability checks need. */
interface Window {
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

export interface SeasonEntry {
  season: Season;
  number: number;
  /** Sorted by episode number. */
  episodes: CatalogueEntry[];
}

export interface CatalogueSnapshot {
  /** The catalogue version this data was read at (in the same read): ETags are made of it. */
  version: number;
  /** Serialised answers of this snapshot by normalised URL; they go when the snapshot goes. */
  answers: BoundedMap<string, Promise<PublicAnswer>>;
  /** Default order: newest first (-created, then assetId). */
  entries: CatalogueEntry[];
  byId: Map<string, CatalogueEntry>;
  bySlug: Map<string, CatalogueEntry>;
  tags: Map<string, TagType>;
  /** TV show id → its seasons sorted by number. */
  seasons: Map<string, SeasonEntry[]>;
  /** TV show id → its episodes in series order (season, then episode). */
  episodes: Map<string, CatalogueEntry[]>;
  /** Built on the first search, then kept with the snapshot. */
  searchIndex(): SearchIndex;
}

/** A Map emptied when full: answers are cheap to recompute, memory is not unbounded. */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly maxEntries: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.maxEntries) this.clear();
    return super.set(key, value);
  }
}

/** How many serialised answers a snapshot keeps. */
const MAX_ANSWERS = 5000;

const parse = <T>(text: string | null, fallback: T): T =>
  text === null || text === '' ? fallback : (JSON.parse(text) as T);
const num = (value: unknown): number | undefined =>
  value === null || value === undefined ? undefined : Number(value);

function groupBy<R, K>(rows: R[], key: (row: R) => K): Map<K, R[]> {
  const map = new Map<K, R[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list === undefined) map.set(k, [row]);
    else list.push(row);
  }
  return map;
}

function localizedOf(row: LocalizedRow): LocalizedData {
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

function publicationOf(row: PublicationRow): Publication {
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

function tagsOf(rows: { scheme: string; tag_id: string }[]): AssetTag[] {
  const schemes = new Map<string, AssetTag>();
  for (const row of rows) {
    let tag = schemes.get(row.scheme);
    if (tag === undefined) schemes.set(row.scheme, (tag = { type: row.scheme, tagValues: [] }));
    tag.tagValues.push({ tagId: row.tag_id });
  }
  return [...schemes.values()];
}

function entryOf(
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
  asset.publications = publications;
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
  const queryable: QueryableAsset = {
    assetId: row.id,
    type: row.type,
    tags: tags.flatMap((t) => t.tagValues.map((v) => ({ scheme: t.type, tagId: v.tagId }))),
    participantNames: participants.map((p) => p.name),
    titles,
    productionCountries,
    mediaFormats: medias.flatMap((m) => (m.format === undefined ? [] : [m.format])),
    mediaDrms: medias.flatMap((m) => (m.drm === undefined ? [] : [m.drm])),
  };
  if (productionYear !== undefined) queryable.productionYear = productionYear;
  if (row.tv_show_id !== null) queryable.tvShowId = row.tv_show_id;
  if (row.season_id !== null) queryable.seasonId = row.season_id;
  if (asset.season !== undefined) queryable.season = asset.season;
  if (asset.episode !== undefined) queryable.episode = asset.episode;

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

function seasonOf(row: SeasonRow, episodeCount: number): Season {
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

const bySeriesOrder = (a: CatalogueEntry, b: CatalogueEntry) =>
  (a.seasonNumber ?? 0) - (b.seasonNumber ?? 0) ||
  (a.episodeNumber ?? 0) - (b.episodeNumber ?? 0) ||
  (a.asset.assetId < b.asset.assetId ? -1 : a.asset.assetId > b.asset.assetId ? 1 : 0);

/** Reads the tenant's whole catalogue in one consistent read and builds the snapshot. */
export async function loadSnapshot(database: DatabaseHandle, tenant: Tenant): Promise<CatalogueSnapshot> {
  const read = (db: Kysely<Database>) =>
    Promise.all([
      readCatalogueVersion(db),
      listAssets(db, tenant),
      listLocalized(db, tenant),
      listAssetTags(db, tenant),
      listPublications(db, tenant),
      listSeasons(db, tenant),
      listTags(db, tenant),
    ]);
  // One snapshot of the data: an import committing meanwhile is seen wholly or not at all.
  const [version, assets, localized, assetTags, publications, seasonRows, tagRows] =
    database.engine === 'postgres'
      ? await database.db.transaction().setIsolationLevel('repeatable read').execute(read)
      : await database.db.transaction().execute(async (trx) => {
          // SQLite runs one statement at a time per connection anyway: keep them sequential.
          return [
            await readCatalogueVersion(trx),
            await listAssets(trx, tenant),
            await listLocalized(trx, tenant),
            await listAssetTags(trx, tenant),
            await listPublications(trx, tenant),
            await listSeasons(trx, tenant),
            await listTags(trx, tenant),
          ] as const;
        });
  return buildSnapshot(version, { assets, localized, assetTags, publications, seasonRows, tagRows });
}

export function buildSnapshot(
  version: number,
  rows: {
    assets: AssetRow[];
    localized: LocalizedRow[];
    assetTags: { asset_id: string; scheme: string; tag_id: string }[];
    publications: PublicationRow[];
    seasonRows: SeasonRow[];
    tagRows: { id: string; scheme: string; localized: string }[];
  },
): CatalogueSnapshot {
  const localizedBy = groupBy(rows.localized, (r) => r.asset_id);
  const tagsBy = groupBy(rows.assetTags, (r) => r.asset_id);
  const publicationsBy = groupBy(rows.publications, (r) => r.asset_id);

  const entries = rows.assets.map((row) =>
    entryOf(
      row,
      (localizedBy.get(row.id) ?? []).map(localizedOf),
      tagsOf(tagsBy.get(row.id) ?? []),
      (publicationsBy.get(row.id) ?? []).map(publicationOf),
    ),
  );
  entries.sort((a, b) => {
    const ca = a.asset.created ?? '';
    const cb = b.asset.created ?? '';
    return ca < cb ? 1 : ca > cb ? -1 : a.asset.assetId < b.asset.assetId ? -1 : 1;
  });
  const byId = new Map(entries.map((e) => [e.asset.assetId, e]));
  const bySlug = new Map<string, CatalogueEntry>();
  for (const e of entries) for (const slug of e.asset.slugs ?? []) bySlug.set(slug, e);

  const episodes = new Map<string, CatalogueEntry[]>();
  const seasonNumbers = new Map(rows.seasonRows.map((s) => [s.id, Number(s.season_number)]));
  for (const e of entries) {
    const show = e.asset.tvShowId;
    if (show === undefined || e.asset.type === 'TV_SHOW') continue;
    if (e.seasonNumber === undefined && e.asset.seasonId !== undefined) {
      const n = seasonNumbers.get(e.asset.seasonId);
      if (n !== undefined) e.seasonNumber = n;
    }
    const list = episodes.get(show);
    if (list === undefined) episodes.set(show, [e]);
    else list.push(e);
  }
  for (const list of episodes.values()) list.sort(bySeriesOrder);

  const seasons = new Map<string, SeasonEntry[]>();
  for (const row of rows.seasonRows) {
    const number = Number(row.season_number);
    const seasonEpisodes = (episodes.get(row.tv_show_id) ?? []).filter((e) =>
      e.asset.seasonId !== undefined ? e.asset.seasonId === row.id : e.seasonNumber === number,
    );
    const list = seasons.get(row.tv_show_id) ?? [];
    list.push({ season: seasonOf(row, seasonEpisodes.length), number, episodes: seasonEpisodes });
    seasons.set(row.tv_show_id, list);
  }
  for (const list of seasons.values()) list.sort((a, b) => a.number - b.number);

  const tags = new Map<string, TagType>(
    rows.tagRows.map((t) => [
      t.id,
      { tagId: t.id, scheme: t.scheme, localized: parse<LocalizedTag[]>(t.localized, []) },
    ]),
  );

  let index: SearchIndex | undefined;
  const searchIndex = () =>
    (index ??= SearchIndex.build(
      entries.map((e): SearchDocument => {
        const locales: SearchDocument['locales'] = {};
        for (const l of e.asset.localized ?? []) {
          if (l.title === undefined) continue;
          const description = l.description ?? l.shortDescription;
          locales[l.locale] =
            description === undefined ? { title: l.title } : { title: l.title, description };
        }
        return { assetId: e.asset.assetId, type: e.asset.type, locales };
      }),
    ));

  return {
    version,
    answers: new BoundedMap(MAX_ANSWERS),
    entries,
    byId,
    bySlug,
    tags,
    seasons,
    episodes,
    searchIndex,
  };
}
