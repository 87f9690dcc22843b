import type { Kysely } from 'kysely';
import { bumpCatalogueVersion } from './catalogue-version.js';
import type { Database } from './schema.js';
import { CONTRACT_COUNTRIES_SEED, structureSeed, webConfigSeed, type SeedOptions } from './seed-data.js';
import { inTransaction } from './transaction.js';
import {
  countContractCountries,
  hasWebConfig,
  insertComponents,
  insertContractCountries,
  insertWebConfig,
  insertWlConfig,
} from '../modules/whitelabel/repository.js';

export interface SeedReport {
  seeded: boolean;
}

/**
 * Inserts the starting data in one transaction when the tenant (customer + business unit) has
 * none yet; does nothing otherwise, so it is safe at every start.
 */
export async function seedIfEmpty(
  db: Kysely<Database>,
  options: Omit<SeedOptions, 'now'> & { now?: Date },
): Promise<SeedReport> {
  const seedOptions: SeedOptions = { ...options, now: options.now ?? new Date() };
  const tenant = { customer: options.customer, businessUnit: options.businessUnit };
  return inTransaction(db, async (trx) => {
    if (await hasWebConfig(trx, tenant)) return { seeded: false };
    // The insert is the claim: another process that seeded meanwhile makes it a no-op.
    if (!(await insertWebConfig(trx, tenant, webConfigSeed(seedOptions)))) return { seeded: false };
    if ((await countContractCountries(trx)) === 0)
      await insertContractCountries(trx, CONTRACT_COUNTRIES_SEED);
    const { config, components } = structureSeed(seedOptions);
    await insertWlConfig(trx, config);
    await insertComponents(trx, tenant, components);
    await bumpCatalogueVersion(trx, seedOptions.now);
    return { seeded: true };
  });
}
