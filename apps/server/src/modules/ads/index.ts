/** The display ads module: decision, house creatives, tracking and the ads report (see README.md). */
import type { DisplayAdsService } from './service.js';

export { displayAdsRoutes, type DisplayAdsRoutesOptions } from './routes.js';
export { DisplayAdsService, type DisplayAdsConfig, type DisplayAdsDeps } from './service.js';
/** What the staff dashboard needs of this module: `report({from, to})` (the contract's AdsReport). */
export type AdsReportSource = Pick<DisplayAdsService, 'report'>;
