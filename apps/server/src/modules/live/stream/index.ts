/** Live streams computed from the clock and the schedule (ADR 0023): what the playback module serves. */
export {
  LiveStreamService,
  LIVE_WINDOW_MS,
  MAX_RANGE_MS,
  type LiveAnswer,
  type LiveLimit,
  type LiveStreamDeps,
} from './service.js';
export { TitleStreamService, type TitleMedia, type TitleStreamDeps } from './title.js';
