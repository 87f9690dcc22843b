/** The demo schedule (EPG) of the demo channels: see generate.ts. */
export {
  DAY_MS,
  dayStartMs,
  DEMO_SCHEDULED_CHANNELS,
  demoSchedule,
  type DemoScheduledProgramme,
} from './generate.js';
