export type * from './types.js';
export { DEMO_MEDIA_VERSION, DEMO_TRAILER_STREAMS, demoMediaPlan, type DemoTrailerStream } from './plan.js';
export { toWebVtt } from './vtt.js';
