import type { Insertable, Selectable } from 'kysely';
import type { TvProviderSubscribersTable } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';

/**
 * The tv-provider module's SQL: the test distributor's signing key, its subscribers, its sign-in
 * attempts; every distributor's spent media tokens. The same on SQLite and PostgreSQL. The households bound to a subscriber are the
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

/** Replaces a key's stored text if it still reads `from` (its clear JWK, sealed at first read). */
export async function replaceSigningKeyText(
  db: Executor,
  providerId: string,
  from: string,
  to: string,
): Promise<void> {
  await db
    .updateTable('tv_provider_keys')
    .set({ private_jwk: to })
    .where('provider_id', '=', providerId)
    .where('private_jwk', '=', from)
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

/**
 * Spends a media token: remembers its `jti` until it expires (and forgets those expired). False
 * when it was spent already, by this process or another of the cluster.
 */
export async function spendMediaToken(
  db: Executor,
  token: { providerId: string; jti: string; expiresMs: number },
  nowMs: number,
): Promise<boolean> {
  await db.deleteFrom('tv_provider_spent_tokens').where('expires_at', '<', nowMs).execute();
  const inserted = await db
    .insertInto('tv_provider_spent_tokens')
    .values({ provider_id: token.providerId, jti: token.jti, expires_at: token.expiresMs })
    .onConflict((oc) => oc.columns(['provider_id', 'jti']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Whether a media token's `jti` was spent (and is not yet forgotten). */
export async function isMediaTokenSpent(db: Executor, providerId: string, jti: string): Promise<boolean> {
  const row = await db
    .selectFrom('tv_provider_spent_tokens')
    .select('jti')
    .where('provider_id', '=', providerId)
    .where('jti', '=', jti)
    .executeTakeFirst();
  return row !== undefined;
}
