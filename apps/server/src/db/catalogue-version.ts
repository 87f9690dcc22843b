import type { Executor } from './transaction.js';

/**
 * The catalogue version: one integer bumped whenever catalogue or structure data changes, so
 * every server process can drop its caches (see lib/versioned-cache.ts).
 */
export async function readCatalogueVersion(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('catalogue_version')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row === undefined ? 0 : Number(row.version);
}

export async function bumpCatalogueVersion(db: Executor, now: Date = new Date()): Promise<void> {
  const changed = now.toISOString();
  const updated = await db
    .updateTable('catalogue_version')
    .set((eb) => ({ version: eb('version', '+', 1), changed }))
    .where('id', '=', 1)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await db.insertInto('catalogue_version').values({ id: 1, version: 1, changed }).execute();
  }
}
