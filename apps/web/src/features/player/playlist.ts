import {
  classificationBumper,
  RESUME_MAX_SHARE,
  type PlayFormat,
  type PlayResponse,
} from '@antenne/contract';

/**
 * What plays, in which order and from where (spec part 2 §4, Exposure notes §4.1): pure
 * functions, so the rules are tested without a video element.
 */

/** The format the player loads: DASH first (the ClearKey licence flow is proven there), then HLS, then the first. */
export function pickFormat(formats: readonly PlayFormat[]): PlayFormat | undefined {
  return formats.find((f) => f.format === 'DASH') ?? formats.find((f) => f.format === 'HLS') ?? formats[0];
}

export interface BumperItem {
  kind: 'bumper';
  /** 'bumper-brand', 'bumper-csa-12' …: the video's data-asset-id while it plays. */
  id: string;
  format: PlayFormat;
}

/** The bumpers before the asset: the brand's, then the classification's (when the rating has one). */
export function bumpersOf(play: Pick<PlayResponse, 'bumpers' | 'parentalRating'>): BumperItem[] {
  const items: BumperItem[] = [];
  const brand = pickFormat(play.bumpers?.brand ?? []);
  if (brand) items.push({ kind: 'bumper', id: 'bumper-brand', format: brand });
  const classification = pickFormat(play.bumpers?.classification ?? []);
  if (classification) {
    items.push({
      kind: 'bumper',
      id: classificationBumper(play.parentalRating) ?? 'bumper-classification',
      format: classification,
    });
  }
  return items;
}

/** The pre-roll decision URL, when ads apply to this play. */
export const vastUrlOf = (play: Pick<PlayResponse, 'formats'>): string | undefined =>
  play.formats.find((f) => f.vastUrl)?.vastUrl;

/**
 * The route's progress parameter: the resume point in seconds (`/player/{id}/{progress}`;
 * `0` asks for the start explicitly, as a series episode does). Anything else: none.
 */
export function parseProgress(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/**
 * Where the asset starts, in seconds: visitors from the start; signed in, the route's progress,
 * else the bookmark (lastViewedOffset, ms). A point at or past RESUME_MAX_SHARE of the duration
 * starts over (the title was watched).
 */
export function resumeSeconds({
  signedIn,
  progress,
  lastViewedOffsetMs,
  durationMs,
}: {
  signedIn: boolean;
  progress: number | undefined;
  lastViewedOffsetMs: number | undefined;
  durationMs: number | undefined;
}): number {
  if (!signedIn) return 0;
  const seconds = progress ?? (lastViewedOffsetMs ?? 0) / 1000;
  if (!(seconds > 0)) return 0;
  if (durationMs && durationMs > 0 && seconds * 1000 >= durationMs * RESUME_MAX_SHARE) return 0;
  return seconds;
}

/** The milestones (percent) reached at `position` of `duration` that were not reported yet. */
export function milestonesReached(
  position: number,
  duration: number,
  milestones: readonly number[],
  reported: ReadonlySet<number>,
): number[] {
  if (!(duration > 0)) return [];
  const percent = (position / duration) * 100;
  return milestones.filter((m) => !reported.has(m) && percent >= m);
}
