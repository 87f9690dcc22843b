import { describe, expect, test } from 'vitest';
import { demoCatalogue } from '../index.js';
import { DAY_MS, dayStartMs, DEMO_SCHEDULED_CHANNELS, demoSchedule } from './index.js';

const days = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) => new Date(dayStartMs(from) + i * DAY_MS).toISOString().slice(0, 10));

describe('the demo schedule', () => {
  const catalogue = new Map((demoCatalogue().assets ?? []).map((a) => [a.assetId, a]));
  const channels = [...catalogue.values()].filter((a) => a.type === 'TV_CHANNEL').map((a) => a.assetId);

  test('covers the six demo channels', () => {
    expect([...DEMO_SCHEDULED_CHANNELS].sort()).toEqual([...channels].sort());
    expect(channels).toHaveLength(6);
  });

  test('tiles every day exactly, 15 days × 6 channels, with catalogue titles at their durations', () => {
    for (const channel of channels) {
      for (const day of days('2026-11-17', 15)) {
        const list = demoSchedule(channel, day) ?? [];
        expect(list.length, `${channel} ${day}`).toBeGreaterThan(5);
        expect(list[0]?.startMs).toBe(dayStartMs(day));
        expect(list.at(-1)?.endMs).toBe(dayStartMs(day) + DAY_MS);
        for (const [i, p] of list.entries()) {
          expect(p.endMs, p.programId).toBeGreaterThan(p.startMs);
          if (i > 0) expect(p.startMs, p.programId).toBe(list[i - 1]?.endMs);
          const asset = catalogue.get(p.assetId);
          expect(asset, p.assetId).toBeDefined();
          if (p.assetId !== 'emission-a-suivre' && asset?.duration !== undefined)
            expect(p.endMs - p.startMs, p.programId).toBeLessThanOrEqual(asset.duration);
        }
      }
    }
  });

  test('is deterministic, differs from day to day, and gives each kind of flags', () => {
    const a = demoSchedule('chaine-antenne-monde', '2026-11-24');
    expect(demoSchedule('chaine-antenne-monde', '2026-11-24')).toEqual(a);
    expect(demoSchedule('chaine-antenne-monde', '2026-11-25')?.map((p) => p.assetId)).not.toEqual(
      a?.map((p) => p.assetId),
    );
    const flags = new Set(channels.flatMap((c) => (demoSchedule(c, '2026-11-24') ?? []).map((p) => p.flags)));
    expect(flags).toContain(14);
    expect(flags).toContain(12);
    expect(flags).toContain(10);
    expect(demoSchedule('unknown', '2026-11-24')).toBeUndefined();
  });

  test('the channel programmes are not published on demand', () => {
    const own = [...catalogue.values()].filter((a) => a.assetId.startsWith('emission-'));
    expect(own.length).toBeGreaterThan(8);
    for (const a of own) {
      expect(a.publications ?? [], a.assetId).toEqual([]);
      expect(a.localized.map((l) => l.locale).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr']);
      expect(a.localized[0]?.images?.[0]?.url).toBe(`/images/assets/${a.assetId}/poster.png`);
    }
  });
});
