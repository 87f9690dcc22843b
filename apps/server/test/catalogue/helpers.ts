import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The documented example of docs/catalogue-format.md, parsed afresh (tests may change their copy). */
export function smallCatalogue(): CatalogueDocument {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/catalogue-small.json');
  return JSON.parse(readFileSync(file, 'utf8')) as CatalogueDocument;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test documents are edited freely, the importer validates them
export type CatalogueDocument = Record<string, any>;

export const OPEN = { fromDate: '2020-01-01T00:00:00Z', toDate: '2099-12-31T23:59:59Z' };

let publication = 0;

/** A minimal valid asset of the import format, published everywhere unless `publications` says otherwise. */
export function extraAsset(assetId: string, overrides: CatalogueDocument = {}): CatalogueDocument {
  return {
    assetId,
    type: 'MOVIE',
    localized: [{ locale: 'fr', title: assetId }],
    publications: [{ publicationId: `pub-${assetId}-${++publication}`, ...OPEN, products: ['gratuit'] }],
    created: '2023-01-01T00:00:00Z',
    ...overrides,
  };
}
