import {
  Migrator,
  PostgresAdapter,
  sql,
  type DatabaseIntrospector,
  type Kysely,
  type MigrationResultSet,
  type TableMetadata,
} from 'kysely';
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
    db: schema === undefined ? db : withSchemaIntrospection(db, schema),
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

/**
 * `db`, whose introspection sees the tables of `schema` alone (the migrator asks whether its own
 * tables exist). Kysely's PostgreSQL introspector reads every schema's tables and resolves each by
 * name (`pg_get_serial_sequence`): a table dropped meanwhile in another schema of the database (a
 * migration or a clean-up run by another process) made it fail with "relation … does not exist".
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator is schema-agnostic
function withSchemaIntrospection(db: Kysely<any>, schema: string): Kysely<any> {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getTables: async () => {
      const { rows } = await sql<{ name: string; kind: string }>`
        select c.relname as name, c.relkind as kind
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'v', 'p')`.execute(db);
      return rows.map((row): TableMetadata => ({
        name: row.name,
        schema,
        isView: row.kind === 'v',
        columns: [],
      }));
    },
    getMetadata: async () => ({ tables: await introspection.getTables() }),
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      // Kysely's methods read its private fields: called on the instance itself.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
