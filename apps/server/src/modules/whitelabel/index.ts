/** The white-label module: web config, contract countries, filters, the sandwich config and its components, the app-start calls. */
export { whitelabelRoutes, type WhitelabelRoutesOptions } from './routes.js';
export { WhitelabelService } from './service.js';
export { appStartRoutes, type AppStartRoutesOptions } from './app-start-routes.js';
export { AppStartService, type AppStartSettings } from './app-start.js';
/** The catalogue import writes the white-label structure of a catalogue file. */
export { listComponentIds, upsertComponent, upsertWlConfig } from './repository.js';
