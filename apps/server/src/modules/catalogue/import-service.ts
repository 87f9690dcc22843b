import type { CatalogueFile, Component, ImportReference } from '@antenne/contract';
import type { Kysely } from 'kysely';
import { bumpCatalogueVersion, readCatalogueVersion } from '../../db/catalogue-version.js';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import type { Tenant } from '../../lib/business-unit.js';
import { checkProgrammes, writeProgrammes } from '../live/index.js';
import { listComponentIds, upsertComponent, upsertWlConfig } from '../whitelabel/index.js';
import {
  deletePublications,
  listAssets,
  listProducts,
  listSeasons,
  listTags,
  upsertAssets,
  upsertProduct,
  upsertSeason,
  upsertTag,
  type AssetWrite,
} from './repository.js';
import { assetWrite, canonicalJson, completeReference, sha256, withTenant } from './import-rows.js';
import { checkFile, meaningErrors, shapeErrors } from './import-validation.js';

export { canonicalJson } from './import-rows.js';

/**
 * The catalogue import: validate a whole file (shape, then meaning), list every error at once,
 * and write nothing unless it is all valid; then upsert everything in one transaction. Only
 * what differs from the database is written, and the catalogue version moves only when
 * something did, so importing the same file twice is a no-op. The checks are in
 * import-validation.ts, the making of rows in import-rows.ts.
 */

export interface ImportCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export type ImportResult =
  | { ok: false; errors: string[] }
  | {
      ok: true;
      changed: boolean;
      version: number;
      products: ImportCounts;
      tags: ImportCounts;
      assets: ImportCounts;
      seasons: ImportCounts;
      components: ImportCounts;
      programmes: ImportCounts;
    };

const counts = (): ImportCounts => ({ inserted: 0, updated: 0, unchanged: 0 });

/**
 * Validates and imports one catalogue document (already parsed JSON) for a tenant.
 * `now` stamps created/changed where the file gives none.
 */
export async function importCatalogue(
  db: Kysely<Database>,
  input: unknown,
  tenant: Tenant,
  { now = new Date() }: { now?: Date } = {},
): Promise<ImportResult> {
  const shape = shapeErrors(checkFile, input);
  if (shape.length > 0) return { ok: false, errors: shape };
  const file = input as CatalogueFile;
  const stamp = now.toISOString();
  const configId = file.structure?.config?.id ?? 'sandwich';

  return inTransaction(db, async (trx) => {
    const errors = await meaningErrors(trx, file, tenant);
    const storedAssets = await listAssets(trx, tenant);
    // The schedule's programmes (live module): channels and titles of the file or already stored.
    const programmes = checkProgrammes(
      file.programmes ?? [],
      new Map([
        ...storedAssets.map((a) => [a.id, a.type] as const),
        ...(file.assets ?? []).map((a) => [a.assetId, a.type] as const),
      ]),
    );
    errors.push(...programmes.errors);
    if (errors.length > 0) return { ok: false as const, errors };

    const result = {
      products: counts(),
      tags: counts(),
      assets: counts(),
      seasons: counts(),
      components: counts(),
    };
    const tally = (c: ImportCounts, before: boolean | undefined, same: boolean) => {
      if (before === undefined) c.inserted++;
      else if (same) c.unchanged++;
      else c.updated++;
      return before === undefined || !same;
    };

    const products = new Map((await listProducts(trx, tenant)).map((p) => [p.id, p]));
    for (const p of file.products ?? []) {
      const row = {
        id: p.id,
        customer: tenant.customer,
        business_unit: tenant.businessUnit,
        name: p.name,
        monetisation_type: p.monetisationType,
        max_ads: p.maxAds ?? 0,
      };
      const old = products.get(p.id);
      const same =
        old !== undefined &&
        old.name === row.name &&
        old.monetisation_type === row.monetisation_type &&
        Number(old.max_ads) === row.max_ads;
      if (tally(result.products, old && true, same)) await upsertProduct(trx, row);
    }

    const tags = new Map((await listTags(trx, tenant)).map((t) => [t.id, t]));
    for (const t of file.tags ?? []) {
      const row = {
        id: t.tagId,
        customer: tenant.customer,
        business_unit: tenant.businessUnit,
        scheme: t.scheme,
        localized: JSON.stringify(t.localized),
      };
      const old = tags.get(t.tagId);
      const same = old !== undefined && old.scheme === row.scheme && old.localized === row.localized;
      if (tally(result.tags, old && true, same)) await upsertTag(trx, row);
    }

    const assets = new Map(storedAssets.map((a) => [a.id, a]));
    const changedAssets: AssetWrite[] = [];
    for (const asset of file.assets ?? []) {
      const hash = sha256(canonicalJson(asset));
      const old = assets.get(asset.assetId);
      const same = old !== undefined && old.content_hash === hash;
      if (tally(result.assets, old && true, same)) {
        changedAssets.push(
          assetWrite(asset, tenant, hash, asset.created ?? old?.created ?? stamp, asset.changed ?? stamp),
        );
      }
    }
    // Publications may move between assets of this file: free their ids first.
    await deletePublications(
      trx,
      changedAssets.flatMap((w) => w.publications.map((p) => p.id)),
    );
    await upsertAssets(trx, changedAssets);

    const seasons = new Map((await listSeasons(trx, tenant)).map((s) => [s.id, s]));
    for (const s of file.seasons ?? []) {
      const old = seasons.get(s.seasonId);
      const row = {
        id: s.seasonId,
        tv_show_id: s.tvShowId,
        season_number: s.season,
        localized: JSON.stringify(s.localized ?? []),
        start_year: s.startYear ?? null,
        end_year: s.endYear ?? null,
        created: old?.created ?? stamp,
        changed: stamp,
      };
      const same =
        old !== undefined &&
        old.tv_show_id === row.tv_show_id &&
        Number(old.season_number) === row.season_number &&
        old.localized === row.localized &&
        (old.start_year ?? null) === row.start_year &&
        (old.end_year ?? null) === row.end_year;
      if (tally(result.seasons, old && true, same)) await upsertSeason(trx, row);
    }

    let structureChanged = false;
    const structure = file.structure;
    if (structure?.config !== undefined) {
      const { components, parameters, theme, ...rest } = withTenant(structure.config, tenant);
      const config = {
        ...rest,
        components: Object.fromEntries(
          Object.entries(components).map(([slot, refs]) => [
            slot,
            refs.map((r) => completeReference(r, tenant, configId)),
          ]),
        ),
        parameters: parameters ?? {},
        theme: theme ?? {},
      };
      structureChanged = (await upsertWlConfig(trx, tenant, config, stamp)) || structureChanged;
    }
    const dbComponents = new Set(await listComponentIds(trx, tenant));
    for (const raw of structure?.components ?? []) {
      const c = withTenant(raw, tenant);
      const pageBody = c.components?.pageBody as ImportReference[] | undefined;
      const component: Omit<Component, 'created' | 'changed'> = {
        ...c,
        type: c.type ?? 'Component',
        ...(pageBody === undefined
          ? {}
          : {
              components: {
                ...c.components,
                pageBody: pageBody.map((r) => completeReference(r, tenant, configId)),
              },
            }),
      };
      const changed = await upsertComponent(trx, tenant, component, stamp);
      tally(result.components, dbComponents.has(c.id) || undefined, !changed);
      structureChanged = changed || structureChanged;
    }

    // After the assets: programmes refer to them.
    const programmeCounts = await writeProgrammes(trx, programmes.resolved, stamp);
    const changed =
      structureChanged ||
      [result.products, result.tags, result.assets, result.seasons, programmeCounts].some(
        (c) => c.inserted + c.updated > 0,
      );
    if (changed) await bumpCatalogueVersion(trx, now);
    return {
      ok: true as const,
      changed,
      version: await readCatalogueVersion(trx),
      ...result,
      programmes: programmeCounts,
    };
  });
}
