import type { Insertable, Selectable } from 'kysely';
import type { TvProviderSubscribersTable } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';

/**
 * The test distributor's SQL (modules/tv-provider): its signing key, its subscribers, its sign-in
 * attempts. The same on SQLite and PostgreSQL. The households bound to a subscriber are the
 * accounts module's.
 */

export type SubscriberRow = Selectable<TvProviderSubscribersTable>;

export async function findSigningKey(
  db: Executor,
  providerId: string,
): Promise<{ kid: string; private_jwk: string } | undefined> {
  return db
    .selectFrom('tv_provider_keys')
    .select(['kid', 'private_jwk'])
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
}

/** Stores a key unless another process stored one first (then the caller reads that one). */
export async function insertSigningKeyIfAbsent(
  db: Executor,
  row: { provider_id: string; kid: string; private_jwk: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('tv_provider_keys')
    .values(row)
    .onConflict((oc) => oc.column('provider_id').doNothing())
    .execute();
}

export function findSubscriberByUsername(db: Executor, username: string): Promise<SubscriberRow | undefined> {
  return db
    .selectFrom('tv_provider_subscribers')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirst();
}

/** Adds a subscriber; false when the username is taken. */
export async function insertSubscriber(
  db: Executor,
  row: Insertable<TvProviderSubscribersTable>,
): Promise<boolean> {
  const inserted = await db
    .insertInto('tv_provider_subscribers')
    .values(row)
    .onConflict((oc) => oc.column('username').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteSubscriber(db: Executor, username: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('tv_provider_subscribers')
    .where('username', '=', username)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

export function listSubscribers(db: Executor): Promise<SubscriberRow[]> {
  return db.selectFrom('tv_provider_subscribers').selectAll().orderBy('username').execute();
}

/** Records one sign-in attempt of an address, and answers how many it made since `sinceMs` (this one included). */
export async function recordAttempt(
  db: Executor,
  row: { id: string; address: string; attempted_at: number },
  sinceMs: number,
): Promise<number> {
  await db.deleteFrom('tv_provider_attempts').where('attempted_at', '<', sinceMs).execute();
  await db.insertInto('tv_provider_attempts').values(row).execute();
  const counted = await db
    .selectFrom('tv_provider_attempts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('address', '=', row.address)
    .where('attempted_at', '>=', sinceMs)
    .executeTakeFirstOrThrow();
  return Number(counted.n);
}
