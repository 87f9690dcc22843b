import {
  ActionSchema,
  CatalogueFileSchema,
  ImportReferenceSchema,
  SUPPORTED_LOCALES,
  type CatalogueFile,
  type ImportReference,
} from '@antenne/contract';
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import type { Executor } from '../../db/transaction.js';
import type { Tenant } from '../../lib/business-unit.js';
import { listComponentIds } from '../whitelabel/index.js';
import {
  findForeignIds,
  findPublicationOwners,
  listAssets,
  listProducts,
  listSeasons,
  listTags,
} from './repository.js';

/**
 * The import's checks of a catalogue file (import-service.ts): its shape against the contract's
 * schema, then its meaning (references, duplicates, dates, locales), every error listed at once
 * as `path: what is wrong`.
 */

export const checkFile = Compile(CatalogueFileSchema);
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

export function shapeErrors(
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

/** Checks what a schema cannot: references, duplicates, dates, locales. */
export async function meaningErrors(db: Executor, file: CatalogueFile, tenant: Tenant): Promise<string[]> {
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
    for (const slot of ['menuItems', 'heroBannerItems', 'socialMediaLinks'] as const) {
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
