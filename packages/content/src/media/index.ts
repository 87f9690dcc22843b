export type * from './types.js';
export {
  DEMO_ADS,
  DEMO_CLEARKEY_PROGRAMME,
  DEMO_MEDIA_VERSION,
  DEMO_TRAILER_STREAMS,
  demoMediaPlan,
  type DemoTrailerStream,
} from './plan.js';
export { toWebVtt } from './vtt.js';
