import type { Insertable, Selectable } from 'kysely';
import type { PlaybackEventsTable } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';

/** The eventsink's SQL: the stored playback events (`playback_events`). */

export async function insertEvents(db: Executor, rows: Insertable<PlaybackEventsTable>[]): Promise<void> {
  // Chunks keep every statement under SQLite's and PostgreSQL's bound-parameter limits.
  for (let i = 0; i < rows.length; i += 50) {
    await db
      .insertInto('playback_events')
      .values(rows.slice(i, i + 50))
      .execute();
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
