import type { Insertable, Selectable } from 'kysely';
import type {
  AdBeaconsTable,
  HouseholdSubscriptionsTable,
  PlaybackEventsTable,
  PlaySessionsTable,
  VideoTicketsTable,
} from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';

/**
 * The playback module's SQL: products, household rights (subscriptions, tickets), play sessions,
 * eventsink events and ad beacons. Works the same on SQLite and PostgreSQL (timestamps are ISO
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
  return new Map(rows.map((r) => [r.id, { id: r.id, monetisationType: r.monetisation_type, maxAds: Number(r.max_ads) }]));
}

/** The products the household subscribes to at `nowIso` (started, and open-ended or not yet ended). */
export async function activeSubscriptionProducts(db: Executor, householdId: string, nowIso: string): Promise<Set<string>> {
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

export async function insertSubscription(db: Executor, row: Insertable<HouseholdSubscriptionsTable>): Promise<void> {
  await db.insertInto('household_subscriptions').values(row).execute();
}

export function listSubscriptions(db: Executor, householdId: string): Promise<SubscriptionRow[]> {
  return db.selectFrom('household_subscriptions').selectAll().where('household_id', '=', householdId).execute();
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

// Eventsink and ad beacons ---------------------------------------------------------------------

export async function insertEvents(db: Executor, rows: Insertable<PlaybackEventsTable>[]): Promise<void> {
  // Chunks keep every statement under SQLite's and PostgreSQL's bound-parameter limits.
  for (let i = 0; i < rows.length; i += 50) {
    await db.insertInto('playback_events').values(rows.slice(i, i + 50)).execute();
  }
}

export function listEvents(db: Executor, playSessionId: string): Promise<Selectable<PlaybackEventsTable>[]> {
  return db
    .selectFrom('playback_events')
    .selectAll()
    .where('play_session_id', '=', playSessionId)
    .orderBy('event_time')
    .orderBy('sequence')
    .execute();
}

export async function insertAdBeacon(db: Executor, row: Insertable<AdBeaconsTable>): Promise<void> {
  await db.insertInto('ad_beacons').values(row).execute();
}

export function listAdBeacons(db: Executor, playSessionId: string): Promise<Selectable<AdBeaconsTable>[]> {
  return db
    .selectFrom('ad_beacons')
    .selectAll()
    .where('play_session_id', '=', playSessionId)
    .orderBy('received_at')
    .execute();
}
