import {
  futureReminders,
  parseReminders,
  PROFILE_PROPERTY,
  sameReminder,
  type Reminder,
} from '@antenne/contract';
import type { SessionProfile } from './session-store';

/**
 * The reminders scheduler (spec part 1 §2, §4, §9; issue 15 item 7; ADR 0027): the selected
 * profile's Reminders (kept server-side) are due at their start (seconds × 1000); each fires once
 * per profile and browser — with several tabs open only one shows it, and after a reload one whose
 * start has just passed (within GRACE_MS) still fires, never twice. What fires is told to `onDue`
 * (the app shell shows the reminder popup).
 */

/** A reminder whose start passed less than this long ago (a reload, a sleeping laptop) still fires. */
export const GRACE_MS = 5 * 60_000;
/** Without the Web Locks API, a tab's claim stands when no other tab has overwritten it after this long. */
export const CLAIM_SETTLE_MS = 150;
/** setTimeout's longest wait; a later reminder is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * localStorage keys of a profile's reminders: those seen on the profile (so one that just started,
 * gone from the server's list, still fires), and those fired (`channelId#startDate` → the tab that
 * fired it). Two keys: a tab updating what it has seen never writes over another tab's fired mark.
 */
export const remindersKnownKey = (profileId: string) => `antenne-reminders:${profileId}`;
export const remindersFiredKey = (profileId: string) => `antenne-reminders-fired:${profileId}`;

const keyOf = (r: Pick<Reminder, 'channelId' | 'startDate'>) => `${r.channelId}#${r.startDate}`;

/** The profile's reminders (its Reminders property; a malformed one reads as none). */
export function remindersOfProfile(profile: SessionProfile | null): Reminder[] {
  const value = profile?.profileProperties.find((p) => p.name === PROFILE_PROPERTY.reminders)?.value;
  if (value === undefined) return [];
  const parsed = parseReminders(value);
  return parsed.ok ? parsed.reminders : [];
}

function readJson<T>(storage: Storage, key: string, fallback: T): T {
  try {
    const raw = storage.getItem(key);
    return raw === null ? fallback : ((JSON.parse(raw) as T | null) ?? fallback);
  } catch {
    return fallback;
  }
}

function writeJson(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage unavailable: this tab still fires each reminder once while it stays open.
  }
}

const startOfKey = (key: string) => Number(key.slice(key.lastIndexOf('#') + 1)) * 1000;

/** The subset of the Web Locks API the claim uses (Chromium, Firefox, Safari; not jsdom). */
export interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable: true },
    callback: (lock: object | null) => Promise<T> | T,
  ): Promise<T>;
}

/**
 * The tab that takes a reminder's lock holds it this long: another tab's timer for the same
 * reminder finds it taken, and by the time it is free every tab's localStorage shows the reminder
 * fired (a browser's tabs see each other's localStorage writes only eventually).
 */
export const LOCK_HOLD_MS = 30_000;

export interface SchedulerOptions {
  profileId: string;
  /** This tab's id (a random one by default). */
  tabId?: string;
  onDue: (reminder: Reminder) => void;
  now?: () => number;
  storage?: Storage;
  locks?: LockManagerLike | undefined;
}

/**
 * Schedules the profile's reminders; `update` hands it the profile's current list (a cancelled one
 * is dropped, a new one scheduled); `stop` clears its timers.
 */
export function createRemindersScheduler(options: SchedulerOptions) {
  const { profileId, onDue } = options;
  const tabId = options.tabId ?? Math.random().toString(36).slice(2);
  const now = options.now ?? (() => Date.now());
  const storage = options.storage ?? globalThis.localStorage;
  const locks =
    'locks' in options
      ? options.locks
      : (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  let stopped = false;

  /** Marks the reminder fired by this tab unless some tab did already: whether this tab shows it. */
  function markFired(reminder: Reminder): boolean {
    const firedKey = remindersFiredKey(profileId);
    const fired = readJson<Record<string, string>>(storage, firedKey, {});
    if (fired[keyOf(reminder)] !== undefined) return false;
    // Marks of reminders long past (beyond twice the grace) are let go.
    const at = now();
    const kept = Object.entries(fired).filter(([key]) => at - startOfKey(key) <= 2 * GRACE_MS);
    writeJson(storage, firedKey, { ...Object.fromEntries(kept), [keyOf(reminder)]: tabId });
    return true;
  }

  async function claim(reminder: Reminder): Promise<boolean> {
    if (locks) {
      const lockManager = locks;
      // The lock itself is the claim (taken at once or not at all), then localStorage for reloads.
      return new Promise<boolean>((resolve) => {
        void lockManager
          .request(
            `antenne-reminder:${profileId}:${keyOf(reminder)}`,
            { ifAvailable: true },
            async (lock) => {
              if (lock === null) return resolve(false);
              const mine = markFired(reminder);
              resolve(mine);
              if (mine) await new Promise((held) => setTimeout(held, LOCK_HOLD_MS));
            },
          )
          .catch(() => resolve(false));
      });
    }
    // No Web Locks: write the claim, let a racing tab overwrite it, and read back who holds it.
    if (!markFired(reminder)) return false;
    await new Promise((resolve) => setTimeout(resolve, CLAIM_SETTLE_MS));
    return (
      readJson<Record<string, string>>(storage, remindersFiredKey(profileId), {})[keyOf(reminder)] === tabId
    );
  }

  async function fire(reminder: Reminder) {
    timers.delete(keyOf(reminder));
    if (stopped) return;
    if (now() - reminder.startDate * 1000 > GRACE_MS) return;
    if (await claim(reminder)) if (!stopped) onDue(reminder);
  }

  function schedule(reminder: Reminder) {
    const key = keyOf(reminder);
    if (timers.has(key)) return;
    const wait = reminder.startDate * 1000 - now();
    const timer = setTimeout(
      () => {
        if (wait > MAX_TIMER_MS) {
          timers.delete(key);
          schedule(reminder);
        } else void fire(reminder);
      },
      Math.max(0, Math.min(wait, MAX_TIMER_MS)),
    );
    timers.set(key, timer);
  }

  function update(current: readonly Reminder[]) {
    if (stopped) return;
    const at = now();
    const seen = readJson<Reminder[]>(storage, remindersKnownKey(profileId), []);
    // Future ones follow the profile (a cancelled one goes); started ones stay for the grace period.
    const recent = (r: Reminder) => r.startDate * 1000 <= at && at - r.startDate * 1000 <= GRACE_MS;
    const known = futureReminders(current, at);
    for (const r of [...seen.filter(recent), ...current.filter(recent)]) {
      if (!known.some((k) => sameReminder(k, r))) known.push(r);
    }
    writeJson(storage, remindersKnownKey(profileId), known);
    const fired = readJson<Record<string, string>>(storage, remindersFiredKey(profileId), {});
    for (const [key, timer] of timers) {
      if (!known.some((r) => keyOf(r) === key)) {
        clearTimeout(timer);
        timers.delete(key);
      }
    }
    for (const r of known) if (fired[keyOf(r)] === undefined) schedule(r);
  }

  function stop() {
    stopped = true;
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  }

  return { update, stop, tabId };
}
