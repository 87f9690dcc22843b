/** Live television: the schedule reader the streams and the EPG share, and the live streams (stream/). */
export type { ScheduleReader, ScheduledProgramme } from './schedule-reader.js';
export * from './stream/index.js';
