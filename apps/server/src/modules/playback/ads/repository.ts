import type { Insertable, Selectable } from 'kysely';
import type { AdBeaconsTable } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';

/** The ads' SQL: the tracking beacons the VAST document's pixels report (`ad_beacons`). */

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
