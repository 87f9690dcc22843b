import type { Insertable } from 'kysely';
import type { AdBeaconsTable } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';

/** The pre-roll's SQL: the tracking beacons the VAST document's pixels report (`ad_beacons`). */

export async function insertAdBeacon(db: Executor, row: Insertable<AdBeaconsTable>): Promise<void> {
  await db.insertInto('ad_beacons').values(row).execute();
}
