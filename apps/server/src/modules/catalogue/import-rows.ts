import { createHash } from 'node:crypto';
import { paths, type ImportAsset, type ImportLocalized, type ImportReference } from '@antenne/contract';
import type { Tenant } from '../../lib/business-unit.js';
import type { AssetWrite } from './repository.js';

/** How the import turns a file's parts into rows: an asset's write, its content hash, the tenant's URLs. */

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

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

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

export function assetWrite(
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
export function withTenant<T>(value: T, tenant: Tenant): T {
  return JSON.parse(
    JSON.stringify(value)
      .replaceAll('{customer}', tenant.customer)
      .replaceAll('{businessUnit}', tenant.businessUnit),
  ) as T;
}

export function completeReference(ref: ImportReference, tenant: Tenant, configId: string) {
  return {
    ...ref,
    type: ref.type ?? 'ComponentReference',
    referenceUrl: ref.referenceUrl ?? paths.wlComponent(tenant, ref.referenceId, configId),
  };
}
