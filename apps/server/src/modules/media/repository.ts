import type { Media } from '@antenne/contract';
import type { Executor } from '../../db/transaction.js';
import type { Tenant } from '../../lib/business-unit.js';

/** The SQL of the media pipeline: an asset's `medias` JSON column (and the demo's `customData`). */

export interface AssetMediasRow {
  id: string;
  customer: string;
  businessUnit: string;
  medias: Media[];
}

/** The asset's tenant and medias, or undefined for an unknown id. */
export async function findAssetMedias(db: Executor, assetId: string): Promise<AssetMediasRow | undefined> {
  const row = await db
    .selectFrom('asset')
    .select(['id', 'customer', 'business_unit', 'medias'])
    .where('id', '=', assetId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  let medias: Media[] = [];
  try {
    const parsed: unknown = JSON.parse(row.medias);
    if (Array.isArray(parsed)) medias = parsed as Media[];
  } catch {
    medias = [];
  }
  return { id: row.id, customer: row.customer, businessUnit: row.business_unit, medias };
}

/** Replaces the asset's medias (and its `changed` stamp); false when the asset is gone. */
export async function setAssetMedias(
  db: Executor,
  assetId: string,
  medias: Media[],
  changed: string,
): Promise<boolean> {
  const result = await db
    .updateTable('asset')
    .set({ medias: JSON.stringify(medias), changed })
    .where('id', '=', assetId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The raw `medias`, `custom_data` and duration of the tenant's assets that have custom data (the demo attach reads `customData.programme`). */
export function listAssetsWithCustomData(
  db: Executor,
  tenant: Tenant,
): Promise<
  { id: string; medias: string; custom_data: string | null; duration_ms: number | string | bigint | null }[]
> {
  return db
    .selectFrom('asset')
    .select(['id', 'medias', 'custom_data', 'duration_ms'])
    .where('customer', '=', tenant.customer)
    .where('business_unit', '=', tenant.businessUnit)
    .where('custom_data', 'is not', null)
    .execute();
}
