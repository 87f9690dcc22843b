import type { Kysely } from 'kysely';

// Frozen once landed: change the schema with a new dated migration, never by editing this file.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('web_config')
    .addColumn('customer', 'varchar(64)', (col) => col.notNull())
    .addColumn('business_unit', 'varchar(64)', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('web_config_pk', ['customer', 'business_unit'])
    .execute();

  await db.schema
    .createTable('contract_country')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('allowed_countries', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('wl_config')
    .addColumn('id', 'varchar(64)', (col) => col.notNull())
    .addColumn('customer', 'varchar(64)', (col) => col.notNull())
    .addColumn('business_unit', 'varchar(64)', (col) => col.notNull())
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created', 'varchar(40)', (col) => col.notNull())
    .addColumn('changed', 'varchar(40)', (col) => col.notNull())
    .addPrimaryKeyConstraint('wl_config_pk', ['customer', 'business_unit', 'id'])
    .execute();

  await db.schema
    .createTable('wl_component')
    .addColumn('id', 'varchar(100)', (col) => col.notNull())
    .addColumn('customer', 'varchar(64)', (col) => col.notNull())
    .addColumn('business_unit', 'varchar(64)', (col) => col.notNull())
    .addColumn('app_type', 'varchar(40)', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created', 'varchar(40)', (col) => col.notNull())
    .addColumn('changed', 'varchar(40)', (col) => col.notNull())
    .addPrimaryKeyConstraint('wl_component_pk', ['customer', 'business_unit', 'id'])
    .execute();
  await db.schema
    .createIndex('wl_component_app_type_idx')
    .on('wl_component')
    .columns(['customer', 'business_unit', 'app_type'])
    .execute();

  await db.schema
    .createTable('catalogue_version')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('changed', 'varchar(40)', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['catalogue_version', 'wl_component', 'wl_config', 'contract_country', 'web_config']) {
    await db.schema.dropTable(table).execute();
  }
}
