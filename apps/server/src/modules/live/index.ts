/** The live module: the schedule (EPG) and its Exposure calls (see README.md); `stream/` makes the channels' streams. */
export { liveRoutes, type LiveRoutesOptions } from './routes.js';
export { EpgService, type EpgServiceOptions } from './service.js';
export type { ScheduledProgramme, ScheduleReader } from './schedule-reader.js';
export { checkProgrammes, writeProgrammes } from './import-programmes.js';
export { xmltvTime, xmltvToCatalogue, type XmltvCatalogue, type XmltvResult } from './xmltv.js';
