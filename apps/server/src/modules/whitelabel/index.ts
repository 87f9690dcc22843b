/** The white-label module: web config, contract countries, filters, the sandwich config and its components. */
export { whitelabelRoutes, type WhitelabelRoutesOptions } from './routes.js';
export { WhitelabelService } from './service.js';
/** The catalogue import writes the white-label structure of a catalogue file. */
export { listComponentIds, upsertComponent, upsertWlConfig } from './repository.js';
