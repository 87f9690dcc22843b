/**
 * What the live streams and the entitlement of programmes need from the schedule (EPG): the
 * programmes of a channel over a span of time, and one programme by id. The EPG service
 * (schedule storage, generation and import) implements it; the stream side (live and bounded
 * manifests, start-over, catch-up) reads it, so either can be tested with the other faked.
 */
export interface ScheduledProgramme {
  programId: string;
  channelId: string;
  /** The catalogue title aired: its media are what the channel's stream shows meanwhile. */
  assetId: string;
  /** Epoch milliseconds, the start inclusive and the end exclusive. */
  startMs: number;
  endMs: number;
  /** PROGRAM_FLAGS bitmask (contract epg.ts): 2 pvr, 4 catch-up, 8 start-over. */
  flags: number;
}

export interface ScheduleReader {
  /**
   * The programmes of `channelId` overlapping [fromMs, toMs), in start order, without overlaps.
   * A generated (demo) schedule has no gaps within today ± EPG_WINDOW_DAYS; an imported one may
   * (nothing on air between two programmes), and has nothing outside what was imported.
   */
  programmesBetween(channelId: string, fromMs: number, toMs: number): Promise<ScheduledProgramme[]>;
  /** One programme by its id, or undefined. */
  programme(programId: string): Promise<ScheduledProgramme | undefined>;
}
