/** The catalogue module: assets, tags, search; the snapshot per catalogue version (see README.md). */
export { catalogueRoutes, type CatalogueRoutesOptions } from './routes.js';
export { CatalogueService } from './service.js';
export type { CatalogueEntry, CatalogueSnapshot } from './snapshot.js';
