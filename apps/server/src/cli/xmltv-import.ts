import { readCatalogueVersion } from '../db/catalogue-version.js';
import type { DatabaseHandle } from '../db/database.js';
import type { Tenant } from '../lib/business-unit.js';
import { VersionedCache } from '../lib/versioned-cache.js';
import { CatalogueService, type CatalogueSnapshot } from '../modules/catalogue/index.js';
import { importCatalogue, type ImportResult } from '../modules/catalogue/import-service.js';
import { xmltvToCatalogue, type XmltvCatalogue } from '../modules/live/index.js';

/**
 * `npm run epg:import -- <file.xml>`: an XMLTV file through the catalogue import (one
 * transaction, every error listed, nothing written unless all is valid). The channels and
 * titles it may name are the catalogue's, read from the database.
 */

export type XmltvImportResult = { warnings: string[] } & (
  { ok: false; errors: string[] } | Extract<ImportResult, { ok: true }>
);

const fold = (s: string) => s.normalize('NFC').toLocaleLowerCase('fr').trim();

function lookup(snapshot: CatalogueSnapshot): XmltvCatalogue {
  const channels = new Map<string, string>();
  const titles = new Map<string, string>();
  for (const { asset } of snapshot.entries) {
    if (asset.type === 'TV_CHANNEL') {
      for (const name of [asset.assetId, ...(asset.slugs ?? [])]) channels.set(name, asset.assetId);
      for (const l of asset.localized ?? []) if (l.title) channels.set(fold(l.title), asset.assetId);
    } else {
      for (const l of asset.localized ?? [])
        if (l.title && !titles.has(fold(l.title))) titles.set(fold(l.title), asset.assetId);
    }
  }
  return {
    channel: (idOrName) => channels.get(idOrName) ?? channels.get(fold(idOrName)),
    title: (text) => titles.get(fold(text)),
  };
}

export async function importXmltv(
  database: DatabaseHandle,
  xml: string,
  tenant: Tenant,
): Promise<XmltvImportResult> {
  const catalogue = new CatalogueService(
    database,
    tenant,
    new VersionedCache(() => readCatalogueVersion(database.db), 0),
  );
  const converted = xmltvToCatalogue(xml, lookup(await catalogue.snapshot()));
  if (converted.errors.length > 0)
    return { ok: false, errors: converted.errors, warnings: converted.warnings };
  const result = await importCatalogue(
    database.db,
    { version: 1, assets: converted.assets, programmes: converted.programmes },
    tenant,
  );
  return { ...result, warnings: converted.warnings };
}
