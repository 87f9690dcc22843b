import type { Insertable, Selectable } from 'kysely';
import type { HouseholdSubscriptionsTable, PlaySessionsTable, VideoTicketsTable } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';

/**
 * The playback module's SQL: products, household rights (subscriptions, tickets) and play
 * sessions (the eventsink's events: eventsink/repository.ts; the ad beacons: ads/repository.ts).
 * Works the same on SQLite and PostgreSQL (timestamps are ISO
 * text, so they compare as text).
 */

export type PlaySessionRow = Selectable<PlaySessionsTable>;
export type SubscriptionRow = Selectable<HouseholdSubscriptionsTable>;
export type TicketRow = Selectable<VideoTicketsTable>;

export interface ProductInfo {
  id: string;
  monetisationType: string;
  maxAds: number;
}

/** The tenant's products by id. */
export async function listProducts(
  db: Executor,
  tenant: { customer: string; businessUnit: string },
): Promise<Map<string, ProductInfo>> {
  const rows = await db
    .selectFrom('product')
    .select(['id', 'monetisation_type', 'max_ads'])
    .where('customer', '=', tenant.customer)
    .where('business_unit', '=', tenant.businessUnit)
    .execute();
  return new Map(
    rows.map((r) => [r.id, { id: r.id, monetisationType: r.monetisation_type, maxAds: Number(r.max_ads) }]),
  );
}

/** The products the household subscribes to at `nowIso` (started, and open-ended or not yet ended). */
export async function activeSubscriptionProducts(
  db: Executor,
  householdId: string,
  nowIso: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('household_subscriptions')
    .select('product_id')
    .where('household_id', '=', householdId)
    .where('start_date', '<=', nowIso)
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>', nowIso)]))
    .execute();
  return new Set(rows.map((r) => r.product_id));
}

/** The products through which the household holds a current ticket for this asset. */
export async function activeTicketProducts(
  db: Executor,
  householdId: string,
  assetId: string,
  nowIso: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('video_tickets')
    .select('product_id')
    .where('household_id', '=', householdId)
    .where('asset_id', '=', assetId)
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>', nowIso)]))
    .execute();
  return new Set(rows.map((r) => r.product_id));
}

/** Whether the tenant's catalogue has this asset (by id): a ticket is for an existing asset. */
export async function assetExists(
  db: Executor,
  tenant: { customer: string; businessUnit: string },
  assetId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('asset')
    .select('id')
    .where('id', '=', assetId)
    .where('customer', '=', tenant.customer)
    .where('business_unit', '=', tenant.businessUnit)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertSubscription(
  db: Executor,
  row: Insertable<HouseholdSubscriptionsTable>,
): Promise<void> {
  await db.insertInto('household_subscriptions').values(row).execute();
}

export function listSubscriptions(db: Executor, householdId: string): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('household_subscriptions')
    .selectAll()
    .where('household_id', '=', householdId)
    .execute();
}

export async function insertTicket(db: Executor, row: Insertable<VideoTicketsTable>): Promise<void> {
  await db.insertInto('video_tickets').values(row).execute();
}

// Play sessions --------------------------------------------------------------------------------

export async function insertPlaySession(db: Executor, row: PlaySessionRow): Promise<void> {
  await db.insertInto('play_sessions').values(row).execute();
}

export function findPlaySession(db: Executor, id: string): Promise<PlaySessionRow | undefined> {
  return db.selectFrom('play_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The household's subscriptions not ended at `nowIso` (current or starting later). */
export function openSubscriptions(
  db: Executor,
  householdId: string,
  nowIso: string,
): Promise<Pick<SubscriptionRow, 'product_id' | 'start_date' | 'end_date'>[]> {
  return db
    .selectFrom('household_subscriptions')
    .select(['product_id', 'start_date', 'end_date'])
    .where('household_id', '=', householdId)
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>', nowIso)]))
    .execute();
}

/** The household's tickets still counting at `nowIso` (any asset). */
export function openTickets(
  db: Executor,
  householdId: string,
  nowIso: string,
): Promise<Pick<TicketRow, 'asset_id' | 'product_id' | 'end_date'>[]> {
  return db
    .selectFrom('video_tickets')
    .select(['asset_id', 'product_id', 'end_date'])
    .where('household_id', '=', householdId)
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>', nowIso)]))
    .execute();
}

/** The tenant's product names by id (the store offerings' names). */
export async function productNames(
  db: Executor,
  tenant: { customer: string; businessUnit: string },
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('product')
    .select(['id', 'name'])
    .where('customer', '=', tenant.customer)
    .where('business_unit', '=', tenant.businessUnit)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
