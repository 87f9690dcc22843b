import { createHash } from 'node:crypto';
import {
  ActionSchema,
  CatalogueFileSchema,
  ImportReferenceSchema,
  paths,
  SUPPORTED_LOCALES,
  type CatalogueFile,
  type Component,
  type ImportAsset,
  type ImportLocalized,
  type ImportReference,
} from '@antenne/contract';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { bumpCatalogueVersion, readCatalogueVersion } from '../../db/catalogue-version.js';
import type { Database } from '../../db/schema.js';
import { inTransaction, type Executor } from '../../db/transaction.js';
import type { Tenant } from '../../lib/business-unit.js';
import { listComponentIds, upsertComponent, upsertWlConfig } from '../whitelabel/repository.js';
import {
  deletePublications,
  findForeignIds,
  findPublicationOwners,
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

/**
 * The catalogue import: validate a whole file (shape, then meaning), list every error at once,
 * and write nothing unless it is all valid; then upsert everything in one transaction. Only
 * what differs from the database is written, and the catalogue version moves only when
 * something did, so importing the same file twice is a no-op.
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
    };

const checkFile = Compile(CatalogueFileSchema);
const checkReference = Compile(ImportReferenceSchema);
const checkActionShape = Compile(Type.Object(ActionSchema.properties));
/** What an action asks the client to do (exposure-notes §9.6). */
const ACTION_VERBS: readonly string[] = ['NavigateToPage', 'NavigateToDetails', 'PlayAsset', 'ExternalLink'];
const LOCALES: readonly string[] = SUPPORTED_LOCALES;

/** `/assets/3/localized/0/title` under prefix `` → `assets[3].localized[0].title`. */
function jsonPath(pointer: string, prefix = ''): string {
  let out = prefix;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(key) ? `[${key}]` : out === '' ? key : `.${key}`;
  }
  return out;
}

function shapeErrors(
  check: { Errors(value: unknown): Iterable<SchemaError> },
  value: unknown,
  prefix = '',
): string[] {
  const errors: string[] = [];
  for (const error of check.Errors(value)) {
    const at = jsonPath(error.instancePath, prefix);
    if (error.keyword === 'required' && Array.isArray(error.params?.requiredProperties)) {
      for (const name of error.params.requiredProperties as string[])
        errors.push(`${at === '' ? '' : `${at}.`}${name}: required`);
    } else if (error.keyword === 'enum' && Array.isArray(error.params?.allowedValues)) {
      errors.push(
        `${at || '(root)'}: expected one of ${(error.params.allowedValues as unknown[]).join(', ')}`,
      );
    } else if (error.keyword === 'const' && error.params !== undefined && 'allowedValue' in error.params) {
      errors.push(`${at || '(root)'}: expected ${JSON.stringify(error.params.allowedValue)}`);
    } else if (error.keyword === 'type' && typeof error.params?.type === 'string') {
      errors.push(`${at || '(root)'}: expected ${error.params.type}`);
    } else {
      errors.push(`${at || '(root)'}: ${error.message}`);
    }
  }
  return [...new Set(errors)];
}

interface SchemaError {
  keyword: string;
  instancePath: string;
  message: string;
  params?: Record<string, unknown>;
}

/** JSON with sorted keys: the same data gives the same text whatever the key order of the file. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Checks what a schema cannot: references, duplicates, dates, locales. */
async function meaningErrors(db: Executor, file: CatalogueFile, tenant: Tenant): Promise<string[]> {
  const errors: string[] = [];
  if (file.customer !== undefined && file.customer !== tenant.customer) {
    errors.push(`customer: the file is for ${file.customer}, the server for ${tenant.customer}`);
  }
  if (file.businessUnit !== undefined && file.businessUnit !== tenant.businessUnit) {
    errors.push(`businessUnit: the file is for ${file.businessUnit}, the server for ${tenant.businessUnit}`);
  }
  const products = file.products ?? [];
  const tags = file.tags ?? [];
  const assets = file.assets ?? [];
  const seasons = file.seasons ?? [];
  const components = file.structure?.components ?? [];

  const duplicates = (ids: string[], where: (i: number) => string, what: string) => {
    const seen = new Map<string, number>();
    ids.forEach((id, i) => {
      const first = seen.get(id);
      if (first === undefined) seen.set(id, i);
      else errors.push(`${where(i)}: duplicate ${what} ${id} (first at ${where(first)})`);
    });
  };
  duplicates(
    products.map((p) => p.id),
    (i) => `products[${i}].id`,
    'product id',
  );
  duplicates(
    tags.map((t) => t.tagId),
    (i) => `tags[${i}].tagId`,
    'tag id',
  );
  duplicates(
    assets.map((a) => a.assetId),
    (i) => `assets[${i}].assetId`,
    'asset id',
  );
  duplicates(
    seasons.map((s) => s.seasonId),
    (i) => `seasons[${i}].seasonId`,
    'season id',
  );
  duplicates(
    components.map((c) => c.id),
    (i) => `structure.components[${i}].id`,
    'component id',
  );

  const [dbProducts, dbTags, dbAssets, dbSeasons, dbComponents] = await Promise.all([
    listProducts(db, tenant),
    listTags(db, tenant),
    listAssets(db, tenant),
    listSeasons(db, tenant),
    listComponentIds(db, tenant),
  ]);
  const productIds = new Set([...dbProducts.map((p) => p.id), ...products.map((p) => p.id)]);
  const tagSchemes = new Map<string, string>([
    ...dbTags.map((t) => [t.id, t.scheme] as const),
    ...tags.map((t) => [t.tagId, t.scheme] as const),
  ]);
  const assetTypes = new Map<string, string>([
    ...dbAssets.map((a) => [a.id, a.type] as const),
    ...assets.map((a) => [a.assetId, a.type] as const),
  ]);
  const seasonShows = new Map<string, string>([
    ...dbSeasons.map((s) => [s.id, s.tv_show_id] as const),
    ...seasons.map((s) => [s.seasonId, s.tvShowId] as const),
  ]);
  const componentIds = new Set([...dbComponents, ...components.map((c) => c.id)]);

  const checkLocales = (localized: { locale: string }[] | undefined, where: string) => {
    const seen = new Set<string>();
    (localized ?? []).forEach((l, i) => {
      if (!LOCALES.includes(l.locale))
        errors.push(`${where}[${i}].locale: unknown locale ${l.locale} (one of ${LOCALES.join(', ')})`);
      if (seen.has(l.locale)) errors.push(`${where}[${i}].locale: duplicate locale ${l.locale}`);
      seen.add(l.locale);
    });
  };
  tags.forEach((t, i) => checkLocales(t.localized, `tags[${i}].localized`));

  const slugs = new Map<string, string>(
    dbAssets.filter((a) => a.slug !== null).map((a) => [a.slug as string, a.id]),
  );
  const publicationIds: { id: string; assetId: string; where: string }[] = [];
  assets.forEach((asset, i) => {
    const at = `assets[${i}]`;
    checkLocales(asset.localized, `${at}.localized`);
    if (asset.slug !== undefined) {
      const owner = slugs.get(asset.slug);
      if (owner !== undefined && owner !== asset.assetId)
        errors.push(`${at}.slug: ${asset.slug} is already the slug of ${owner}`);
      slugs.set(asset.slug, asset.assetId);
    }
    if (asset.tvShowId !== undefined) {
      const type = assetTypes.get(asset.tvShowId);
      if (type === undefined) errors.push(`${at}.tvShowId: unknown asset ${asset.tvShowId}`);
      else if (type !== 'TV_SHOW')
        errors.push(`${at}.tvShowId: ${asset.tvShowId} is a ${type}, not a TV_SHOW`);
    }
    if (asset.seasonId !== undefined) {
      const show = seasonShows.get(asset.seasonId);
      if (show === undefined) errors.push(`${at}.seasonId: unknown season ${asset.seasonId}`);
      else if (asset.tvShowId !== undefined && show !== asset.tvShowId) {
        errors.push(`${at}.seasonId: season ${asset.seasonId} belongs to ${show}, not ${asset.tvShowId}`);
      }
    }
    if (asset.type === 'EPISODE' && (asset.tvShowId === undefined || asset.episode === undefined)) {
      errors.push(`${at}: an EPISODE needs tvShowId and episode`);
    }
    (asset.tags ?? []).forEach((tag, j) => {
      const scheme = tagSchemes.get(tag.tagId);
      if (scheme === undefined) errors.push(`${at}.tags[${j}].tagId: unknown tag ${tag.tagId}`);
      else if (scheme !== tag.scheme)
        errors.push(`${at}.tags[${j}].scheme: tag ${tag.tagId} is in scheme ${scheme}, not ${tag.scheme}`);
    });
    (asset.publications ?? []).forEach((p, j) => {
      const pat = `${at}.publications[${j}]`;
      publicationIds.push({ id: p.publicationId, assetId: asset.assetId, where: `${pat}.publicationId` });
      if (Date.parse(p.fromDate) > Date.parse(p.toDate))
        errors.push(`${pat}.fromDate: ${p.fromDate} is after toDate ${p.toDate}`);
      p.products.forEach((product, k) => {
        if (!productIds.has(product)) errors.push(`${pat}.products[${k}]: unknown product ${product}`);
      });
    });
  });
  duplicates(
    publicationIds.map((p) => p.id),
    (i) => publicationIds[i]?.where ?? '',
    'publication id',
  );
  const fileAssetIds = new Set(assets.map((a) => a.assetId));
  const owners = await findPublicationOwners(
    db,
    publicationIds.map((p) => p.id),
  );
  for (const p of publicationIds) {
    const owner = owners.get(p.id);
    if (owner !== undefined && owner !== p.assetId && !fileAssetIds.has(owner)) {
      errors.push(`${p.where}: ${p.id} is already a publication of ${owner}`);
    }
  }

  seasons.forEach((season, i) => {
    checkLocales(season.localized, `seasons[${i}].localized`);
    const type = assetTypes.get(season.tvShowId);
    if (type !== 'TV_SHOW')
      errors.push(
        `seasons[${i}].tvShowId: ${type === undefined ? 'unknown asset' : `not a TV_SHOW:`} ${season.tvShowId}`,
      );
  });

  const checkReferences = (refs: unknown[] | undefined, where: string) => {
    (refs ?? []).forEach((ref, i) => {
      const shape = shapeErrors(checkReference, ref, `${where}[${i}]`);
      errors.push(...shape);
      if (shape.length === 0) {
        const id = (ref as ImportReference).referenceId;
        if (!componentIds.has(id)) errors.push(`${where}[${i}].referenceId: unknown component ${id}`);
      }
    });
  };
  const config = file.structure?.config;
  if (config !== undefined) {
    for (const [slot, refs] of Object.entries(config.components))
      checkReferences(refs, `structure.config.components.${slot}`);
  }
  const checkAction = (action: unknown, where: string) => {
    const shape = shapeErrors(checkActionShape, action, where);
    errors.push(...shape);
    if (shape.length > 0) return;
    const { verb, assetId, componentId, url } = action as {
      verb: string;
      assetId?: string;
      componentId?: string;
      url?: string;
    };
    if (!ACTION_VERBS.includes(verb))
      errors.push(`${where}.verb: expected one of ${ACTION_VERBS.join(', ')}`);
    if (
      (verb === 'NavigateToDetails' || verb === 'PlayAsset') &&
      (assetId === undefined || !assetTypes.has(assetId))
    ) {
      errors.push(`${where}.assetId: unknown asset ${assetId ?? '(none)'}`);
    }
    if (verb === 'NavigateToPage' && componentId === undefined && url === undefined) {
      errors.push(`${where}: NavigateToPage needs a componentId or a url`);
    }
    if (verb === 'ExternalLink' && url === undefined) errors.push(`${where}.url: required`);
  };
  components.forEach((component, i) => {
    const at = `structure.components[${i}]`;
    checkReferences(component.components?.pageBody, `${at}.components.pageBody`);
    for (const slot of ['menuItems', 'heroBannerItems'] as const) {
      (component.components?.[slot] ?? []).forEach((item, j) => {
        const actions = (item as { actions?: { default?: unknown } } | null)?.actions;
        if (actions?.default === undefined)
          errors.push(`${at}.components.${slot}[${j}].actions.default: required`);
        else checkAction(actions.default, `${at}.components.${slot}[${j}].actions.default`);
      });
    }
    if (component.actions?.default !== undefined)
      checkAction(component.actions.default, `${at}.actions.default`);
  });

  const [foreignAssets, foreignTags, foreignProducts] = await Promise.all([
    findForeignIds(
      db,
      'asset',
      tenant,
      assets.map((a) => a.assetId),
    ),
    findForeignIds(
      db,
      'tag',
      tenant,
      tags.map((t) => t.tagId),
    ),
    findForeignIds(
      db,
      'product',
      tenant,
      products.map((p) => p.id),
    ),
  ]);
  for (const id of foreignAssets) errors.push(`assets: ${id} belongs to another business unit`);
  for (const id of foreignTags) errors.push(`tags: ${id} belongs to another business unit`);
  for (const id of foreignProducts) errors.push(`products: ${id} belongs to another business unit`);
  return errors;
}

const json = (value: unknown) => JSON.stringify(value ?? []);

function localizedRows(assetId: string, localized: ImportLocalized[]) {
  return localized.map((l, position) => ({
    asset_id: assetId,
    position,
    locale: l.locale,
    title: l.title,
    sorting_title: l.sortingTitle ?? null,
    description: l.description ?? null,
    short_description: l.shortDescription ?? null,
    long_description: l.longDescription ?? null,
    tiny_description: l.tinyDescription ?? null,
    images: json(l.images),
  }));
}

function assetWrite(
  asset: ImportAsset,
  tenant: Tenant,
  hash: string,
  created: string,
  changed: string,
): AssetWrite {
  return {
    asset: {
      id: asset.assetId,
      customer: tenant.customer,
      business_unit: tenant.businessUnit,
      type: asset.type,
      slug: asset.slug ?? null,
      tv_show_id: asset.tvShowId ?? null,
      season_id: asset.seasonId ?? null,
      season: asset.season ?? null,
      episode: asset.episode ?? null,
      production_year: asset.productionYear ?? null,
      duration_ms: asset.duration ?? null,
      popularity: asset.popularity ?? 0,
      participants: json(asset.participants),
      linked_entities: json(asset.linkedEntities),
      external_references: json(asset.externalReferences),
      parental_ratings: json(asset.parentalRatings),
      production_countries: json(asset.productionCountries),
      subtitles: json(asset.subtitles),
      spoken_languages: json(asset.spokenLanguages),
      medias: json(asset.medias),
      custom_data: asset.customData === undefined ? null : JSON.stringify(asset.customData),
      content_hash: hash,
      created,
      changed,
    },
    localized: localizedRows(asset.assetId, asset.localized),
    tags: (asset.tags ?? []).map((t) => ({ asset_id: asset.assetId, scheme: t.scheme, tag_id: t.tagId })),
    publications: (asset.publications ?? []).map((p) => ({
      id: p.publicationId,
      asset_id: asset.assetId,
      publication_date: p.publicationDate ?? null,
      from_date: new Date(p.fromDate).toISOString(),
      to_date: new Date(p.toDate).toISOString(),
      countries: json(p.countries),
      products: json(p.products),
      services: json(p.services),
      rights: JSON.stringify(p.rights ?? {}),
    })),
  };
}

/** `{customer}` and `{businessUnit}` in URLs of the structure become this tenant's. */
function withTenant<T>(value: T, tenant: Tenant): T {
  return JSON.parse(
    JSON.stringify(value)
      .replaceAll('{customer}', tenant.customer)
      .replaceAll('{businessUnit}', tenant.businessUnit),
  ) as T;
}

function completeReference(ref: ImportReference, tenant: Tenant, configId: string) {
  return {
    ...ref,
    type: ref.type ?? 'ComponentReference',
    referenceUrl: ref.referenceUrl ?? paths.wlComponent(tenant, ref.referenceId, configId),
  };
}

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

    const assets = new Map((await listAssets(trx, tenant)).map((a) => [a.id, a]));
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

    const changed =
      structureChanged ||
      [result.products, result.tags, result.assets, result.seasons].some((c) => c.inserted + c.updated > 0);
    if (changed) await bumpCatalogueVersion(trx, now);
    return { ok: true as const, changed, version: await readCatalogueVersion(trx), ...result };
  });
}
