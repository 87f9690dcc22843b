import type { LocalizedTag, Season, TagType } from '@antenne/contract';
import type { Kysely } from 'kysely';
import { readCatalogueVersion } from '../../db/catalogue-version.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Tenant } from '../../lib/business-unit.js';
import type { PublicAnswer } from '../../lib/http-cache.js';
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
import {
  bySeriesOrder,
  entryOf,
  groupBy,
  localizedOf,
  parse,
  publicationOf,
  seasonOf,
  tagsOf,
  type CatalogueEntry,
} from './snapshot-entries.js';

/**
 * The catalogue of one tenant, in memory: every asset as a ready-to-serialise Exposure object
 * plus the views the query language, the sort and the search look at. Loaded in a few queries,
 * kept until the catalogue version changes (see service.ts), so list calls are in-memory filters.
 * The entries are made from the rows in snapshot-entries.ts.
 */

export { isAvailable, type CatalogueEntry } from './snapshot-entries.js';

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
