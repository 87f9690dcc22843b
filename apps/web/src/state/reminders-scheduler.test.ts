import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Reminder } from '@antenne/contract';
import {
  CLAIM_SETTLE_MS,
  createRemindersScheduler,
  GRACE_MS,
  LOCK_HOLD_MS,
  remindersFiredKey,
  type LockManagerLike,
} from './reminders-scheduler';

/** The reminders scheduler on a clock the test moves: once per profile, across tabs and reloads. */

const T0 = Date.parse('2026-03-10T20:00:00Z');
const inMinutes = (m: number, title = `R+${m}`): Reminder => ({
  channelId: 'ch-monde',
  startDate: T0 / 1000 + m * 60,
  title,
});

/** One browser tab: a scheduler with its own id, over the shared localStorage. */
function tab(tabId: string, profileId = 'usr-1', locks?: LockManagerLike) {
  const due: Reminder[] = [];
  const scheduler = createRemindersScheduler({ profileId, tabId, onDue: (r) => due.push(r), locks });
  return { due, ...scheduler };
}

/** Web Locks as a browser's tabs share them (`ifAvailable`: the callback gets null when held). */
function fakeLocks(): LockManagerLike {
  const held = new Set<string>();
  return {
    async request<T>(
      name: string,
      _options: { ifAvailable: true },
      callback: (lock: object | null) => Promise<T> | T,
    ) {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({});
      } finally {
        held.delete(name);
      }
    },
  };
}

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the reminders scheduler', () => {
  test('fires at the start time, not before, once', async () => {
    const a = tab('a');
    a.update([inMinutes(1, 'Le Journal')]);
    await advance(60_000 - 1);
    expect(a.due).toEqual([]);
    await advance(1 + CLAIM_SETTLE_MS);
    expect(a.due.map((r) => r.title)).toEqual(['Le Journal']);
    a.update([inMinutes(1, 'Le Journal')]);
    await advance(10 * 60_000);
    expect(a.due).toHaveLength(1);
    a.stop();
  });

  test('a cancelled reminder (gone from the profile) does not fire; a new one does', async () => {
    const a = tab('a');
    a.update([inMinutes(1), inMinutes(2)]);
    a.update([inMinutes(2), inMinutes(3)]);
    await advance(4 * 60_000);
    expect(a.due.map((r) => r.title)).toEqual(['R+2', 'R+3']);
    a.stop();
  });

  test('two tabs without Web Locks: only one shows it (the localStorage claim)', async () => {
    const a = tab('a');
    const b = tab('b');
    a.update([inMinutes(1)]);
    b.update([inMinutes(1)]);
    await advance(60_000 + CLAIM_SETTLE_MS);
    expect(a.due.length + b.due.length).toBe(1);
    a.stop();
    b.stop();
  });

  test('two tabs racing without Web Locks (both claim before either reads back): still one', async () => {
    // Both tabs' claims are written before the first read-back: the last writer holds it.
    const a = tab('a');
    const b = tab('b');
    a.update([inMinutes(1)]);
    b.update([inMinutes(1)]);
    const key = remindersFiredKey('usr-1');
    const real = Storage.prototype.getItem;
    let reads = 0;
    // Tab b's first check sees no claim yet (as if it read before tab a's write landed).
    const spy = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(function (this: Storage, k) {
      if (k === key && ++reads === 2) return '{}';
      return real.call(this, k);
    });
    await advance(60_000 + CLAIM_SETTLE_MS);
    spy.mockRestore();
    expect(a.due.length + b.due.length).toBe(1);
    a.stop();
    b.stop();
  });

  test('two tabs with Web Locks: only one shows it, at once, even before the other sees its localStorage write', async () => {
    const locks = fakeLocks();
    const a = tab('a', 'usr-1', locks);
    const b = tab('b', 'usr-1', locks);
    a.update([inMinutes(1)]);
    b.update([inMinutes(1)]);
    // Tabs see each other's localStorage writes late: here, never while the lock is held.
    const key = remindersFiredKey('usr-1');
    const stale = '{}';
    const real = Storage.prototype.getItem;
    const spy = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(function (this: Storage, k) {
      return k === key ? stale : real.call(this, k);
    });
    await advance(60_000);
    expect(a.due.length + b.due.length).toBe(1);
    spy.mockRestore();
    // Once the lock is let go, the fired mark is what a late tab finds.
    await advance(LOCK_HOLD_MS);
    const late = tab('c', 'usr-1', locks);
    late.update([inMinutes(1)]);
    await advance(1_000);
    expect(late.due).toEqual([]);
    a.stop();
    b.stop();
    late.stop();
  });

  test('after a reload: one just started (within the grace) fires once, even gone from the profile; never twice', async () => {
    const before = tab('a');
    before.update([inMinutes(1)]);
    before.stop(); // the page is reloaded before the start…
    await advance(60_000 + 2 * 60_000); // …and comes back two minutes after it
    const reloaded = tab('a2');
    reloaded.update([]); // the server no longer lists a programme that has started
    await advance(CLAIM_SETTLE_MS);
    expect(reloaded.due.map((r) => r.title)).toEqual(['R+1']);
    reloaded.stop();
    const again = tab('a3');
    again.update([]);
    await advance(GRACE_MS);
    expect(again.due).toEqual([]);
    again.stop();
  });

  test('past the grace period a missed reminder is dropped', async () => {
    const before = tab('a');
    before.update([inMinutes(1)]);
    before.stop();
    await advance(60_000 + GRACE_MS + 1);
    const reloaded = tab('a2');
    reloaded.update([]);
    await advance(60_000);
    expect(reloaded.due).toEqual([]);
    reloaded.stop();
  });

  test('each profile keeps its own: one fired for a profile does not silence another', async () => {
    const a = tab('a', 'usr-1');
    const b = tab('b', 'usr-2');
    a.update([inMinutes(1)]);
    b.update([inMinutes(1)]);
    await advance(60_000 + CLAIM_SETTLE_MS);
    expect([a.due.length, b.due.length]).toEqual([1, 1]);
    a.stop();
    b.stop();
  });
});
