/** The recordings module: network recordings of programmes and series, and the quota (see README.md, ADR 0026). */
export { recordingsRoutes, type RecordingsRoutesOptions } from './routes.js';
export { RecordingsService, type RecordingForPlay, type RecordingsServiceOptions } from './service.js';
