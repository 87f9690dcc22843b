/**
 * The live module: the schedule (EPG) and its Exposure calls (see README.md), and the channels'
 * streams (`stream/`: live, start-over and bounded manifests computed from the clock).
 */
export { liveRoutes, type LiveRoutesOptions } from './routes.js';
export { EpgService, type EpgServiceOptions } from './service.js';
export type { ScheduledProgramme, ScheduleReader } from './schedule-reader.js';
export { checkProgrammes, writeProgrammes } from './import-programmes.js';
export { xmltvTime, xmltvToCatalogue, type XmltvCatalogue, type XmltvResult } from './xmltv.js';
export * from './stream/index.js';
