import { demoCatalogue } from '@antenne/content';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Tenant } from '../../lib/business-unit.js';
import { importCatalogue, type ImportResult } from './import-service.js';
import { hasAnyAsset } from './repository.js';

/**
 * At start, an empty catalogue receives the demo broadcaster "Antenne Monde" (packages/content)
 * through the ordinary import, so a newcomer's first `npm start` shows a living service. A
 * catalogue with any asset is left alone: the demo never overwrites a broadcaster's data.
 */
export async function importDemoIfEmpty(
  db: Kysely<Database>,
  tenant: Tenant,
): Promise<ImportResult | undefined> {
  if (await hasAnyAsset(db, tenant)) return undefined;
  const result = await importCatalogue(db, demoCatalogue(), tenant);
  if (!result.ok) throw new Error(`the demo catalogue does not import:\n${result.errors.join('\n')}`);
  return result;
}
