/**
 * Reminders (spec part 1 §3, §4, §9; issue 15 item 7): the profile property `Reminders` holds a
 * JSON list of {channelId, startDate (seconds), title}; only future ones count, and the reminder
 * popup fires at the start (seconds × 1000). The server checks and prunes the list on write and
 * on read (ADR 0027); the web app reads it with the same parser.
 */

/** One reminder: the programme's channel, its start in epoch seconds, its title. */
export interface Reminder {
  channelId: string;
  startDate: number;
  title: string;
}

/** A profile keeps at most this many reminders (400 past it). */
export const MAX_REMINDERS = 50;
/** A reminder's title is at most this long; its channel id at most MAX_REMINDER_CHANNEL_ID_LENGTH. */
export const MAX_REMINDER_TITLE_LENGTH = 200;
export const MAX_REMINDER_CHANNEL_ID_LENGTH = 128;
/** A profile metadata value is at most this long (a full Reminders list fits). */
export const MAX_PROFILE_METADATA_VALUE_LENGTH = 16_384;

export type RemindersParse = { ok: true; reminders: Reminder[] } | { ok: false; error: string };

/** Parses a Reminders value; on failure, a message naming the item and field that is wrong. */
export function parseReminders(value: string): RemindersParse {
  let data: unknown;
  try {
    data = JSON.parse(value);
  } catch {
    return { ok: false, error: 'Reminders: not JSON' };
  }
  if (!Array.isArray(data)) return { ok: false, error: 'Reminders: must be a JSON list' };
  if (data.length > MAX_REMINDERS) return { ok: false, error: `Reminders: at most ${MAX_REMINDERS} items` };
  const reminders: Reminder[] = [];
  for (const [i, item] of data.entries()) {
    const error = reminderError(item);
    if (error !== undefined) return { ok: false, error: `Reminders[${i}]: ${error}` };
    const { channelId, startDate, title } = item as Reminder;
    reminders.push({ channelId, startDate, title });
  }
  return { ok: true, reminders };
}

function reminderError(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return 'must be an object';
  const { channelId, startDate, title } = item as Record<string, unknown>;
  if (typeof channelId !== 'string' || channelId === '' || channelId.length > MAX_REMINDER_CHANNEL_ID_LENGTH)
    return `channelId: a string of 1 to ${MAX_REMINDER_CHANNEL_ID_LENGTH} characters`;
  if (typeof startDate !== 'number' || !Number.isSafeInteger(startDate) || startDate < 0)
    return 'startDate: a whole number of seconds';
  if (typeof title !== 'string' || title.length > MAX_REMINDER_TITLE_LENGTH)
    return `title: a string of at most ${MAX_REMINDER_TITLE_LENGTH} characters`;
  return undefined;
}

/** The reminders whose start is after `nowMs` (spec part 1 §4: only future ones are considered). */
export function futureReminders(reminders: readonly Reminder[], nowMs: number): Reminder[] {
  return reminders.filter((r) => r.startDate * 1000 > nowMs);
}

/** The same programme (channel and start). */
export function sameReminder(a: Reminder, b: Pick<Reminder, 'channelId' | 'startDate'>): boolean {
  return a.channelId === b.channelId && a.startDate === b.startDate;
}
