import type { Component, ConfigWeb, ContractCountries, WlConfig } from '@antenne/contract';
import type { Executor } from '../../db/transaction.js';

/**
 * All SQL of the white-label context: the web config, contract countries, the white-label
 * configs (sandwich) and their components. Bodies are JSON text; this is where rows become the
 * contract's shapes and back.
 */

export interface Tenant {
  customer: string;
  businessUnit: string;
}

export async function findWebConfig(
  db: Executor,
  { customer, businessUnit }: Tenant,
): Promise<ConfigWeb | undefined> {
  const row = await db
    .selectFrom('web_config')
    .select('body')
    .where('customer', '=', customer)
    .where('business_unit', '=', businessUnit)
    .executeTakeFirst();
  return row === undefined ? undefined : (JSON.parse(row.body) as ConfigWeb);
}

export async function listContractCountries(db: Executor): Promise<ContractCountries> {
  const rows = await db
    .selectFrom('contract_country')
    .select(['id', 'allowed_countries'])
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, allowedCountries: JSON.parse(row.allowed_countries) as string[] }));
}

/** The config body as stored: everything but the columns. */
export type WlConfigBody = Omit<
  WlConfig,
  'id' | 'customer' | 'businessUnit' | 'name' | 'created' | 'changed'
>;

export async function findWlConfig(db: Executor, tenant: Tenant, id: string): Promise<WlConfig | undefined> {
  const row = await db
    .selectFrom('wl_config')
    .selectAll()
    .where('customer', '=', tenant.customer)
    .where('business_unit', '=', tenant.businessUnit)
    .where('id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const body = JSON.parse(row.body) as WlConfigBody;
  return {
    id: row.id,
    customer: row.customer,
    businessUnit: row.business_unit,
    name: row.name,
    created: row.created,
    changed: row.changed,
    ...body,
  };
}

/** The component body as stored: everything but the columns. */
export type ComponentBody = Omit<Component, 'id' | 'appType' | 'created' | 'changed'>;

export async function findComponent(
  db: Executor,
  tenant: Tenant,
  id: string,
): Promise<Component | undefined> {
  const row = await db
    .selectFrom('wl_component')
    .selectAll()
    .where('customer', '=', tenant.customer)
    .where('business_unit', '=', tenant.businessUnit)
    .where('id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const body = JSON.parse(row.body) as ComponentBody;
  return { ...body, id: row.id, appType: row.app_type, created: row.created, changed: row.changed };
}

export async function hasWebConfig(db: Executor, tenant: Tenant): Promise<boolean> {
  return (await findWebConfig(db, tenant)) !== undefined;
}

export async function countContractCountries(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('contract_country')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Inserts the tenant's web config unless one exists; answers whether this call inserted it.
 * Two processes seeding one database at once: the second waits on the first's row, then skips.
 */
export async function insertWebConfig(db: Executor, tenant: Tenant, config: ConfigWeb): Promise<boolean> {
  const result = await db
    .insertInto('web_config')
    .values({ customer: tenant.customer, business_unit: tenant.businessUnit, body: JSON.stringify(config) })
    .onConflict((oc) => oc.columns(['customer', 'business_unit']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function insertContractCountries(db: Executor, contracts: ContractCountries): Promise<void> {
  if (contracts.length === 0) return;
  await db
    .insertInto('contract_country')
    .values(
      contracts.map((c, position) => ({
        id: c.id,
        allowed_countries: JSON.stringify(c.allowedCountries),
        position,
      })),
    )
    .execute();
}

export async function insertWlConfig(db: Executor, config: WlConfig): Promise<void> {
  const { id, customer, businessUnit, name, created, changed, ...body } = config;
  await db
    .insertInto('wl_config')
    .values({ id, customer, business_unit: businessUnit, name, created, changed, body: JSON.stringify(body) })
    // A structure imported before the first start (catalog:import) wins over the seed.
    .onConflict((oc) => oc.columns(['customer', 'business_unit', 'id']).doNothing())
    .execute();
}

export async function insertComponents(db: Executor, tenant: Tenant, components: Component[]): Promise<void> {
  if (components.length === 0) return;
  await db
    .insertInto('wl_component')
    .values(
      components.map(({ id, appType, created, changed, ...body }) => {
        const now = new Date().toISOString();
        return {
          id,
          customer: tenant.customer,
          business_unit: tenant.businessUnit,
          app_type: appType,
          created: created ?? now,
          changed: changed ?? now,
          body: JSON.stringify(body),
        };
      }),
    )
    .onConflict((oc) => oc.columns(['customer', 'business_unit', 'id']).doNothing())
    .execute();
}

/**
 * Inserts or updates a white-label config from an import; answers whether anything changed.
 * `created` is kept on update and `changed` moves only when the name or body differ.
 */
export async function upsertWlConfig(
  db: Executor,
  tenant: Tenant,
  config: Omit<WlConfig, 'customer' | 'businessUnit' | 'created' | 'changed'>,
  now: string,
): Promise<boolean> {
  const { id, name, ...body } = config;
  const text = JSON.stringify(body);
  const existing = await db
    .selectFrom('wl_config')
    .select(['name', 'body'])
    .where('customer', '=', tenant.customer)
    .where('business_unit', '=', tenant.businessUnit)
    .where('id', '=', id)
    .executeTakeFirst();
  if (existing !== undefined && existing.name === name && existing.body === text) return false;
  await db
    .insertInto('wl_config')
    .values({
      id,
      customer: tenant.customer,
      business_unit: tenant.businessUnit,
      name,
      body: text,
      created: now,
      changed: now,
    })
    .onConflict((oc) =>
      oc.columns(['customer', 'business_unit', 'id']).doUpdateSet({ name, body: text, changed: now }),
    )
    .execute();
  return true;
}

/** Inserts or updates one component from an import; answers whether anything changed. */
export async function upsertComponent(
  db: Executor,
  tenant: Tenant,
  component: Omit<Component, 'created' | 'changed'>,
  now: string,
): Promise<boolean> {
  const { id, appType, ...body } = component;
  const text = JSON.stringify(body);
  const existing = await db
    .selectFrom('wl_component')
    .select(['app_type', 'body'])
    .where('customer', '=', tenant.customer)
    .where('business_unit', '=', tenant.businessUnit)
    .where('id', '=', id)
    .executeTakeFirst();
  if (existing !== undefined && existing.app_type === appType && existing.body === text) return false;
  await db
    .insertInto('wl_component')
    .values({
      id,
      customer: tenant.customer,
      business_unit: tenant.businessUnit,
      app_type: appType,
      body: text,
      created: now,
      changed: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['customer', 'business_unit', 'id'])
        .doUpdateSet({ app_type: appType, body: text, changed: now }),
    )
    .execute();
  return true;
}

/** Ids of the tenant's components (an import checks its references against them). */
export async function listComponentIds(db: Executor, tenant: Tenant): Promise<string[]> {
  const rows = await db
    .selectFrom('wl_component')
    .select('id')
    .where('customer', '=', tenant.customer)
    .where('business_unit', '=', tenant.businessUnit)
    .execute();
  return rows.map((r) => r.id);
}
