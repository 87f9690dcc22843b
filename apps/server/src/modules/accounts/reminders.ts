import { futureReminders, parseReminders, PROFILE_PROPERTY } from '@antenne/contract';
import { ApiError } from '../../lib/errors.js';

/**
 * The profile property Reminders (spec part 1 §3–§4, ADR 0027): checked when written (400 naming
 * the wrong item) and kept only for future programmes — pruned on write and on read, on the app's
 * clock. Any profile may keep its own (restricted ones too: ADR 0012).
 */

/** The metadata to store: Reminders checked and its past items dropped; 400 BAD_REQUEST when malformed. */
export function checkedMetadata(metadata: Record<string, string>, nowMs: number): Record<string, string> {
  const value = metadata[PROFILE_PROPERTY.reminders];
  if (value === undefined) return metadata;
  const parsed = parseReminders(value);
  if (!parsed.ok) throw new ApiError(400, 'BAD_REQUEST', `metadata.${parsed.error}`);
  return {
    ...metadata,
    [PROFILE_PROPERTY.reminders]: JSON.stringify(futureReminders(parsed.reminders, nowMs)),
  };
}

/** The metadata as shown: Reminders without the programmes that have started (a malformed old value shows as []). */
export function shownMetadata(metadata: Record<string, string>, nowMs: number): Record<string, string> {
  const value = metadata[PROFILE_PROPERTY.reminders];
  if (value === undefined) return metadata;
  const parsed = parseReminders(value);
  const kept = parsed.ok ? futureReminders(parsed.reminders, nowMs) : [];
  return { ...metadata, [PROFILE_PROPERTY.reminders]: JSON.stringify(kept) };
}
