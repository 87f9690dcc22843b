import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** What a repository runs against: the database or a transaction its caller owns. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(work);
}
