/** The playback module: entitlement/play, the media under play tokens, licence, eventsink (see README.md). */
export { playbackRoutes, type PlaybackRoutesOptions } from './routes.js';
export { createPlaybackServices, type PlaybackDeps, type PlaybackServices } from './services.js';
export type { RecordingSource } from './service.js';
export { PlaybackMediaRegistry, type AdCreative, type BumperMedia } from './media-registry.js';
export type { ContentKey } from './licence/content-keys.js';
