import type { Kysely } from 'kysely';

// Frozen once landed: change the schema with a new dated migration, never by editing this file.

/**
 * The tags a profile follows (issue 18): Exposure's tag list `preferences/list/tagfeed/tag`, one
 * row per profile and tag, as the favourites are per profile and asset. `metadata` JSON text,
 * `created_at` ISO-8601 text; gone with the profile (on delete cascade).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('followed_tags')
    .addColumn('profile_id', 'varchar(64)', (col) =>
      col.notNull().references('profiles.id').onDelete('cascade'),
    )
    .addColumn('tag_id', 'varchar(200)', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('metadata', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addPrimaryKeyConstraint('followed_tags_pk', ['profile_id', 'tag_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('followed_tags').ifExists().execute();
}
