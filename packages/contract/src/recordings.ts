/**
 * Network recordings (no TypeBox here: the schemas are in recordings-schemas.ts). Exposure's
 * published API has no recordings calls: these are Antenne's, under the Exposure prefix and shaped
 * as the personal calls (bearer session, profile-scoped, 401/403/404 in the one error body).
 * Status codes, quota and minutes are the spec's (part 1 §4, §9), in epg.ts. ADR 0026.
 */
import { exposurePrefix, type BusinessUnitRef, type ExposureRoute } from './exposure.js';
import { RECORDING_STATUS } from './epg.js';

const enc = encodeURIComponent;
type Bu = BusinessUnitRef;
const v2 = (bu: Bu) => exposurePrefix('v2', bu);

export const recordingPaths = {
  /** GET ?locale: RecordingList (the profile's, with the household's quota); POST RecordingRequest: RecordingList of what it recorded. */
  recordings: (bu: Bu) => `${v2(bu)}/recording`,
  /** DELETE: cancels a pending recording or removes a done one (204), freeing its quota. */
  recording: (bu: Bu, recordingId: string) => `${v2(bu)}/recording/${enc(recordingId)}`,
  /** DELETE: stops recording a series (204): its pending recordings are cancelled, the others kept. */
  series: (bu: Bu, seriesId: string) => `${v2(bu)}/recording/series/${enc(seriesId)}`,
} as const;

export const recordingPatterns = {
  recordings: { version: 'v2', pattern: '/recording' },
  recording: { version: 'v2', pattern: '/recording/:recordingId' },
  series: { version: 'v2', pattern: '/recording/series/:seriesId' },
} as const satisfies Record<string, ExposureRoute>;

/** The recordings calls' error codes, in `message` of the one error body. */
export const RECORDING_ERROR_CODES = [
  /** 400: a storage mode other than NETWORK (spec part 1 error table: the unsupported-mode error). */
  'UNSUPPORTED_RECORDING_MODE',
  /** 404: no recording (or series) of this profile has this id. */
  'RECORDING_NOT_FOUND',
  /** 403: the programme has no pvr flag (2), or it is over. */
  'PROGRAM_NOT_RECORDABLE',
] as const;
export type RecordingErrorCode = (typeof RECORDING_ERROR_CODES)[number];

/** Recording kinds (spec part 1 §3): the network's (the only one this server records) and the device's disk. */
export const RECORDING_STORAGE_MODES = ['NETWORK', 'LOCAL'] as const;
export const SUPPORTED_RECORDING_MODE = 'NETWORK';

/** Why a recording is in error (`failureReason`). */
export const RECORDING_FAILURE_REASONS = [
  /** Recording it would take the household past RECORDING_QUOTA_HOURS. */
  'QUOTA_EXCEEDED',
] as const;
export type RecordingFailureReason = (typeof RECORDING_FAILURE_REASONS)[number];

export type RecordingStatusCode = (typeof RECORDING_STATUS)[keyof typeof RECORDING_STATUS];
export type RecordingStatusName = 'PENDING' | 'IN_PROGRESS' | 'DONE' | 'ERROR' | 'IDLE';

/** Spec part 1 §4: 1 pending, 2 in progress, 3 done, 4 error, anything else idle. */
export function recordingStatusName(code: number): RecordingStatusName {
  switch (code) {
    case RECORDING_STATUS.PENDING:
      return 'PENDING';
    case RECORDING_STATUS.IN_PROGRESS:
      return 'IN_PROGRESS';
    case RECORDING_STATUS.DONE:
      return 'DONE';
    case RECORDING_STATUS.ERROR:
      return 'ERROR';
    default:
      return 'IDLE';
  }
}

/** The status by the clock: pending before the start, in progress until the end (exclusive), then done; error when it failed. */
export function recordingStatusAt(
  startMs: number,
  endMs: number,
  now: number,
  failed: boolean,
): RecordingStatusCode {
  if (failed) return RECORDING_STATUS.ERROR;
  if (now < startMs) return RECORDING_STATUS.PENDING;
  if (now < endMs) return RECORDING_STATUS.IN_PROGRESS;
  return RECORDING_STATUS.DONE;
}
