import type { Kysely } from 'kysely';

// Frozen once landed: change the schema with a new dated migration, never by editing this file.

/**
 * Crash reports (issue 17 item 5). `crash_reports`: one row per UTC day and fingerprint, with how
 * many reports came (`count`), the first and last time (epoch ms, bigint: text on PostgreSQL) and
 * what the first report said (message, stack, route, release, kind, user agent) — never rewritten,
 * only counted. `crash_rate`: the per-client fixed-minute counters of the rate limit, shared by
 * every server process (`window_ms`: the minute's start).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('crash_reports')
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('fingerprint', 'varchar(64)', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('first_seen_ms', 'bigint', (col) => col.notNull())
    .addColumn('last_seen_ms', 'bigint', (col) => col.notNull())
    .addColumn('kind', 'varchar(24)', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('stack', 'text')
    .addColumn('route', 'varchar(512)', (col) => col.notNull())
    .addColumn('release', 'varchar(64)', (col) => col.notNull())
    .addColumn('user_agent', 'varchar(512)')
    .addPrimaryKeyConstraint('crash_reports_pk', ['day', 'fingerprint'])
    .execute();
  await db.schema
    .createTable('crash_rate')
    .addColumn('client', 'varchar(64)', (col) => col.notNull())
    .addColumn('window_ms', 'bigint', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('crash_rate_pk', ['client', 'window_ms'])
    .execute();
  await db.schema.createIndex('crash_rate_window_idx').on('crash_rate').column('window_ms').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('crash_rate').ifExists().execute();
  await db.schema.dropTable('crash_reports').ifExists().execute();
}
