/** The ads module: the pre-roll's VAST decision and the display slots, one consent check for both (see README.md). */
import type { DisplayAdsService } from './service.js';

export { displayAdsRoutes, type DisplayAdsRoutesOptions } from './routes.js';
export { DisplayAdsService, type DisplayAdsConfig, type DisplayAdsDeps } from './service.js';
export { prerollRoutes, type PrerollRoutesOptions } from './preroll/routes.js';
export { PrerollService, type PrerollDeps, type PlaySessionFacts } from './preroll/service.js';
export { NO_ADS_COUNTRY } from './viewer.js';
/** What the staff dashboard needs of this module: `report({from, to})` (the contract's AdsReport). */
export type AdsReportSource = Pick<DisplayAdsService, 'report'>;
