import { describe, expect, test } from 'vitest';
import type { PlayFormat } from '@antenne/contract';
import {
  bumpersOf,
  milestonesReached,
  parseProgress,
  pickFormat,
  resumeSeconds,
  vastUrlOf,
} from './playlist';
import { audioTrackOptions, textTrackOptions } from './tracks';

const hls: PlayFormat = { format: 'HLS', mediaLocator: '/play/t/a/master.m3u8' };
const dash: PlayFormat = { format: 'DASH', mediaLocator: '/play/t/a/manifest.mpd', vastUrl: '/ads/vast?x' };

describe('playlist rules', () => {
  test('DASH is preferred, then HLS', () => {
    expect(pickFormat([hls, dash])).toBe(dash);
    expect(pickFormat([hls])).toBe(hls);
    expect(pickFormat([])).toBeUndefined();
    expect(vastUrlOf({ formats: [hls, dash] })).toBe('/ads/vast?x');
    expect(vastUrlOf({ formats: [hls] })).toBeUndefined();
  });

  test('brand bumper, then the classification bumper named by the CSA code', () => {
    expect(
      bumpersOf({ bumpers: { brand: [hls, dash], classification: [dash] }, parentalRating: '6' }),
    ).toEqual([
      { kind: 'bumper', id: 'bumper-brand', format: dash },
      { kind: 'bumper', id: 'bumper-csa-16', format: dash },
    ]);
    expect(bumpersOf({ bumpers: { brand: [dash] }, parentalRating: '1' }).map((b) => b.id)).toEqual([
      'bumper-brand',
    ]);
    expect(bumpersOf({ bumpers: {} })).toEqual([]);
  });

  test('the route progress is seconds; 0 is the start; junk is none', () => {
    expect(parseProgress('20')).toBe(20);
    expect(parseProgress('0')).toBe(0);
    expect(parseProgress('12.5')).toBe(12.5);
    expect(parseProgress('-3')).toBeUndefined();
    expect(parseProgress('abc')).toBeUndefined();
    expect(parseProgress(undefined)).toBeUndefined();
  });

  test('resume: progress, else the bookmark; never past 95 %; visitors from the start', () => {
    const base = { signedIn: true, durationMs: 600_000 };
    expect(resumeSeconds({ ...base, progress: 30, lastViewedOffsetMs: 20_000 })).toBe(30);
    expect(resumeSeconds({ ...base, progress: undefined, lastViewedOffsetMs: 20_000 })).toBe(20);
    expect(resumeSeconds({ ...base, progress: 0, lastViewedOffsetMs: 20_000 })).toBe(0);
    expect(resumeSeconds({ ...base, progress: undefined, lastViewedOffsetMs: 570_000 })).toBe(0);
    expect(resumeSeconds({ ...base, progress: undefined, lastViewedOffsetMs: 569_000 })).toBe(569);
    expect(resumeSeconds({ ...base, signedIn: false, progress: 30, lastViewedOffsetMs: 20_000 })).toBe(0);
  });

  test('milestones are reported once each', () => {
    expect(milestonesReached(160, 600, [25, 50, 75, 100], new Set())).toEqual([25]);
    expect(milestonesReached(460, 600, [25, 50, 75, 100], new Set([25]))).toEqual([50, 75]);
    expect(milestonesReached(10, Number.NaN, [25], new Set())).toEqual([]);
  });
});

describe('track labels', () => {
  test('the manifest label, else the language name; audio description named as such', () => {
    expect(
      textTrackOptions(
        [
          { id: 1, language: 'fr', label: null, active: false },
          { id: 2, language: 'en', label: 'English CC', active: false },
        ],
        'fr',
      ),
    ).toEqual([
      { id: 1, language: 'fr', label: 'Français' },
      { id: 2, language: 'en', label: 'English CC' },
    ]);
    const audio = audioTrackOptions(
      [
        {
          id: 0,
          language: 'fr',
          label: 'Français',
          active: true,
          roles: ['main'],
          accessibilityPurpose: null,
        },
        {
          id: 1,
          language: 'fr',
          label: 'Français (audiodescription)',
          active: false,
          roles: [],
          accessibilityPurpose: 'visually impaired',
        },
        {
          id: 2,
          language: 'fr',
          label: null,
          active: false,
          roles: ['description'],
          accessibilityPurpose: null,
        },
        {
          id: 3,
          language: 'fr',
          label: 'Français',
          active: false,
          roles: ['main'],
          accessibilityPurpose: null,
        },
      ],
      'fr',
      (name) => `${name} (AD)`,
    );
    expect(audio).toEqual([
      { id: 0, language: 'fr', label: 'Français', audioDescription: false },
      { id: 1, language: 'fr', label: 'Français (audiodescription)', audioDescription: true },
      { id: 2, language: 'fr', label: 'Français (AD)', audioDescription: true },
    ]);
  });
});
