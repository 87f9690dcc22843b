import type { Tenant } from '../../lib/business-unit.js';
import type { Executor } from '../../db/transaction.js';
import type {
  AssetLocalizedTable,
  AssetTable,
  ProductTable,
  PublicationTable,
  SeasonTable,
  TagTable,
} from '../../db/schema.js';
import type { Insertable, Selectable } from 'kysely';

/**
 * All SQL of the catalogue: the import's reads and upserts, and the few queries a snapshot
 * is loaded with (every asset of the tenant with its children). Rows stay rows here; the
 * snapshot (snapshot.ts) turns them into Exposure assets.
 */

export type AssetRow = Selectable<AssetTable>;
export type LocalizedRow = Selectable<AssetLocalizedTable>;
export type PublicationRow = Selectable<PublicationTable>;
export type SeasonRow = Selectable<SeasonTable>;
export type TagRow = Selectable<TagTable>;
export type ProductRow = Selectable<ProductTable>;
export interface AssetTagRow {
  asset_id: string;
  scheme: string;
  tag_id: string;
}

/** Ids are chunked so an `in (...)` list stays under every engine's parameter limit. */
const CHUNK = 500;
function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

// ---- snapshot loading --------------------------------------------------------------------------

/** Whether the tenant's catalogue holds any asset (published or not). */
export async function hasAnyAsset(db: Executor, { customer, businessUnit }: Tenant): Promise<boolean> {
  const row = await db
    .selectFrom('asset')
    .select('id')
    .where('customer', '=', customer)
    .where('business_unit', '=', businessUnit)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function listAssets(db: Executor, { customer, businessUnit }: Tenant): Promise<AssetRow[]> {
  return db
    .selectFrom('asset')
    .selectAll()
    .where('customer', '=', customer)
    .where('business_unit', '=', businessUnit)
    .execute();
}

export function listLocalized(db: Executor, { customer, businessUnit }: Tenant): Promise<LocalizedRow[]> {
  return db
    .selectFrom('asset_localized as l')
    .innerJoin('asset as a', 'a.id', 'l.asset_id')
    .selectAll('l')
    .where('a.customer', '=', customer)
    .where('a.business_unit', '=', businessUnit)
    .orderBy('l.asset_id')
    .orderBy('l.position')
    .execute();
}

export function listAssetTags(db: Executor, { customer, businessUnit }: Tenant): Promise<AssetTagRow[]> {
  return db
    .selectFrom('asset_tag as t')
    .innerJoin('asset as a', 'a.id', 't.asset_id')
    .select(['t.asset_id', 't.scheme', 't.tag_id'])
    .where('a.customer', '=', customer)
    .where('a.business_unit', '=', businessUnit)
    .orderBy('t.asset_id')
    .orderBy('t.scheme')
    .orderBy('t.tag_id')
    .execute();
}

export function listPublications(
  db: Executor,
  { customer, businessUnit }: Tenant,
): Promise<PublicationRow[]> {
  return db
    .selectFrom('publication as p')
    .innerJoin('asset as a', 'a.id', 'p.asset_id')
    .selectAll('p')
    .where('a.customer', '=', customer)
    .where('a.business_unit', '=', businessUnit)
    .orderBy('p.asset_id')
    .orderBy('p.from_date')
    .orderBy('p.id')
    .execute();
}

export function listSeasons(db: Executor, { customer, businessUnit }: Tenant): Promise<SeasonRow[]> {
  return db
    .selectFrom('season as s')
    .innerJoin('asset as a', 'a.id', 's.tv_show_id')
    .selectAll('s')
    .where('a.customer', '=', customer)
    .where('a.business_unit', '=', businessUnit)
    .orderBy('s.tv_show_id')
    .orderBy('s.season_number')
    .execute();
}

export function listTags(db: Executor, { customer, businessUnit }: Tenant): Promise<TagRow[]> {
  return db
    .selectFrom('tag')
    .selectAll()
    .where('customer', '=', customer)
    .where('business_unit', '=', businessUnit)
    .execute();
}

export function listProducts(db: Executor, { customer, businessUnit }: Tenant): Promise<ProductRow[]> {
  return db
    .selectFrom('product')
    .selectAll()
    .where('customer', '=', customer)
    .where('business_unit', '=', businessUnit)
    .execute();
}

// ---- import ------------------------------------------------------------------------------------

/** Ids among `ids` that exist under another customer or business unit (ids are global keys). */
export async function findForeignIds(
  db: Executor,
  table: 'asset' | 'tag' | 'product',
  { customer, businessUnit }: Tenant,
  ids: string[],
): Promise<string[]> {
  const found: string[] = [];
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom(table)
      .select('id')
      .where('id', 'in', part)
      .where((eb) => eb.or([eb('customer', '!=', customer), eb('business_unit', '!=', businessUnit)]))
      .execute();
    found.push(...rows.map((r) => r.id));
  }
  return found;
}

export async function upsertProduct(db: Executor, row: Insertable<ProductTable>): Promise<void> {
  await db
    .insertInto('product')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ name: row.name, monetisation_type: row.monetisation_type, max_ads: row.max_ads }),
    )
    .execute();
}

export async function upsertTag(db: Executor, row: Insertable<TagTable>): Promise<void> {
  await db
    .insertInto('tag')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet({ scheme: row.scheme, localized: row.localized }))
    .execute();
}

export async function upsertSeason(db: Executor, row: Insertable<SeasonTable>): Promise<void> {
  const { id: _id, created: _created, ...update } = row;
  await db
    .insertInto('season')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet(update))
    .execute();
}

export interface AssetWrite {
  asset: Insertable<AssetTable>;
  localized: Insertable<AssetLocalizedTable>[];
  tags: AssetTagRow[];
  publications: Insertable<PublicationTable>[];
}

/** Columns an asset upsert overwrites (all but the key and `created`). */
const ASSET_UPDATE_COLUMNS = [
  'customer',
  'business_unit',
  'type',
  'slug',
  'tv_show_id',
  'season_id',
  'season',
  'episode',
  'production_year',
  'duration_ms',
  'popularity',
  'participants',
  'linked_entities',
  'external_references',
  'parental_ratings',
  'production_countries',
  'subtitles',
  'spoken_languages',
  'medias',
  'custom_data',
  'content_hash',
  'changed',
] as const;

/** Rows per multi-row statement: well under SQLite's and PostgreSQL's parameter limits. */
const ROWS_PER_STATEMENT = 200;

async function insertRows<T>(rows: T[], insert: (part: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
    await insert(rows.slice(i, i + ROWS_PER_STATEMENT));
}

/**
 * Inserts or replaces assets, a few hundred per statement; their localized, tag and publication
 * rows are replaced wholesale.
 */
export async function upsertAssets(db: Executor, writes: AssetWrite[]): Promise<void> {
  await insertRows(writes, async (part) => {
    await db
      .insertInto('asset')
      .values(part.map((w) => w.asset))
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet((eb) =>
            Object.fromEntries(ASSET_UPDATE_COLUMNS.map((column) => [column, eb.ref(`excluded.${column}`)])),
          ),
      )
      .execute();
    const ids = part.map((w) => w.asset.id);
    await db.deleteFrom('asset_localized').where('asset_id', 'in', ids).execute();
    await db.deleteFrom('asset_tag').where('asset_id', 'in', ids).execute();
    await db.deleteFrom('publication').where('asset_id', 'in', ids).execute();
  });
  const localized = writes.flatMap((w) => w.localized);
  const tags = writes.flatMap((w) => w.tags);
  const publications = writes.flatMap((w) => w.publications);
  await insertRows(localized, (part) => db.insertInto('asset_localized').values(part).execute());
  await insertRows(tags, (part) => db.insertInto('asset_tag').values(part).execute());
  await insertRows(publications, (part) => db.insertInto('publication').values(part).execute());
}

/** Publication ids among `ids` that belong to an asset other than the one given. */
export async function findPublicationOwners(db: Executor, ids: string[]): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom('publication')
      .select(['id', 'asset_id'])
      .where('id', 'in', part)
      .execute();
    for (const row of rows) owners.set(row.id, row.asset_id);
  }
  return owners;
}

export async function deletePublications(db: Executor, ids: string[]): Promise<void> {
  for (const part of chunks(ids)) await db.deleteFrom('publication').where('id', 'in', part).execute();
}
