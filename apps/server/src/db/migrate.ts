import { Migrator, PostgresAdapter, sql, type Kysely, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations/index.js';

export interface MigrationReport {
  /** Names of the migrations this run applied, in order (empty when already up to date). */
  applied: string[];
}

/** Brings the schema to the latest migration. Throws when a migration fails. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator is schema-agnostic
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationReport> {
  // On PostgreSQL, name the current schema: Kysely otherwise looks for its lock table in every
  // schema and, when another schema of the same database has one, skips creating its own.
  const schema = db.getExecutor().adapter instanceof PostgresAdapter ? await currentSchema(db) : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`migration failed${name}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator is schema-agnostic
async function currentSchema(db: Kysely<any>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}
