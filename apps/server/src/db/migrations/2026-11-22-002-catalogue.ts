import { sql, type Kysely } from 'kysely';

// Frozen once landed: change the schema with a new dated migration, never by editing this file.
//
// The catalogue: assets and what hangs off them. Lists that are only ever read whole (participants,
// ratings, medias ...) are JSON text columns; what is filtered or joined (localized titles, tags,
// publications) has its own rows. Child rows go with their asset (on delete cascade).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('asset')
    .addColumn('id', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('customer', 'varchar(64)', (col) => col.notNull())
    .addColumn('business_unit', 'varchar(64)', (col) => col.notNull())
    .addColumn('type', 'varchar(32)', (col) => col.notNull())
    .addColumn('slug', 'varchar(200)')
    .addColumn('tv_show_id', 'varchar(100)')
    .addColumn('season_id', 'varchar(100)')
    .addColumn('season', 'integer')
    .addColumn('episode', 'integer')
    .addColumn('production_year', 'integer')
    .addColumn('duration_ms', 'bigint')
    .addColumn('popularity', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('participants', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('linked_entities', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('external_references', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('parental_ratings', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('production_countries', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('subtitles', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('spoken_languages', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('medias', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('custom_data', 'text')
    .addColumn('content_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('created', 'varchar(40)', (col) => col.notNull())
    .addColumn('changed', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('asset_tenant_type_idx')
    .on('asset')
    .columns(['customer', 'business_unit', 'type'])
    .execute();
  await db.schema
    .createIndex('asset_tenant_slug_idx')
    .on('asset')
    .columns(['customer', 'business_unit', 'slug'])
    .execute();
  await db.schema
    .createIndex('asset_tv_show_idx')
    .on('asset')
    .columns(['tv_show_id', 'season', 'episode'])
    .execute();

  await db.schema
    .createTable('asset_localized')
    .addColumn('asset_id', 'varchar(100)', (col) => col.notNull().references('asset.id').onDelete('cascade'))
    .addColumn('locale', 'varchar(16)', (col) => col.notNull())
    .addColumn('title', 'text')
    .addColumn('sorting_title', 'text')
    .addColumn('description', 'text')
    .addColumn('short_description', 'text')
    .addColumn('long_description', 'text')
    .addColumn('tiny_description', 'text')
    .addColumn('images', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('asset_localized_pk', ['asset_id', 'locale'])
    .execute();

  await db.schema
    .createTable('asset_tag')
    .addColumn('asset_id', 'varchar(100)', (col) => col.notNull().references('asset.id').onDelete('cascade'))
    .addColumn('scheme', 'varchar(64)', (col) => col.notNull())
    .addColumn('tag_id', 'varchar(100)', (col) => col.notNull())
    .addPrimaryKeyConstraint('asset_tag_pk', ['asset_id', 'scheme', 'tag_id'])
    .execute();
  await db.schema.createIndex('asset_tag_tag_idx').on('asset_tag').columns(['scheme', 'tag_id']).execute();

  await db.schema
    .createTable('tag')
    .addColumn('id', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('customer', 'varchar(64)', (col) => col.notNull())
    .addColumn('business_unit', 'varchar(64)', (col) => col.notNull())
    .addColumn('scheme', 'varchar(64)', (col) => col.notNull())
    .addColumn('localized', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createIndex('tag_tenant_scheme_idx')
    .on('tag')
    .columns(['customer', 'business_unit', 'scheme'])
    .execute();

  await db.schema
    .createTable('season')
    .addColumn('id', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('tv_show_id', 'varchar(100)', (col) =>
      col.notNull().references('asset.id').onDelete('cascade'),
    )
    .addColumn('season_number', 'integer', (col) => col.notNull())
    .addColumn('localized', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('start_year', 'integer')
    .addColumn('end_year', 'integer')
    .addColumn('created', 'varchar(40)', (col) => col.notNull())
    .addColumn('changed', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('season_tv_show_idx')
    .on('season')
    .columns(['tv_show_id', 'season_number'])
    .execute();

  await db.schema
    .createTable('product')
    .addColumn('id', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('customer', 'varchar(64)', (col) => col.notNull())
    .addColumn('business_unit', 'varchar(64)', (col) => col.notNull())
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('monetisation_type', 'varchar(32)', (col) =>
      col
        .notNull()
        .check(
          sql`monetisation_type in ('Free', 'Advertising', 'Transactional', 'ElectronicSellThrough', 'Subscription', 'Catchup')`,
        ),
    )
    .addColumn('max_ads', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('publication')
    .addColumn('id', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('asset_id', 'varchar(100)', (col) => col.notNull().references('asset.id').onDelete('cascade'))
    .addColumn('publication_date', 'varchar(40)')
    .addColumn('from_date', 'varchar(40)', (col) => col.notNull())
    .addColumn('to_date', 'varchar(40)', (col) => col.notNull())
    .addColumn('countries', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('products', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('services', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('rights', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .createIndex('publication_asset_idx')
    .on('publication')
    .columns(['asset_id', 'from_date', 'to_date'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['publication', 'product', 'season', 'tag', 'asset_tag', 'asset_localized', 'asset']) {
    await db.schema.dropTable(table).execute();
  }
}
