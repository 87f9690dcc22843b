import type { Asset, PlayResponse } from '@antenne/contract';
import { describe, expect, test } from 'vitest';
import { mediaParameters, milestoneEvent } from './media-analytics';
import { playResponse } from './player-page-test-helpers';

const NOW = Date.parse('2026-11-24T12:00:00Z');

const film: Asset = {
  assetId: 'film-1',
  type: 'MOVIE',
  localized: [
    { locale: 'en', title: 'Indian Summer' },
    { locale: 'fr', title: "L'Été indien" },
  ],
  tags: [
    { type: 'genre', tagValues: [{ tagId: 'drame' }, { tagId: 'romance' }] },
    { type: 'theme', tagValues: [{ tagId: 'ete' }, { tagId: 'drame' }, { tagId: 'mer' }] },
  ],
  publications: [
    {
      publicationId: 'p1',
      fromDate: '2025-06-21T00:00:00Z',
      toDate: '2099-01-01T00:00:00Z',
      countries: [],
      products: ['gratuit'],
    },
  ],
};

describe('the rich-media parameters of a playback (spec part 2 §7)', () => {
  test('a film: video, player 456, level 2 41, duration, French title as label, three themes, labels', () => {
    const play = playResponse('film-1', { durationInMs: 5_400_400 });
    expect(mediaParameters(play, film, 'de', NOW)).toEqual({
      assetId: 'film-1',
      mediaType: 'video',
      playerId: 456,
      level2: 41,
      durationSeconds: 5400,
      label: "L'Été indien",
      themes: ['drame', 'romance', 'ete'],
      labels: { title: "L'Été indien", date: '2025_06_21', pubable: 'non_pubable', country: 'DE' },
    });
  });

  test('an episode of a podcast with ads: audio, the episode in the label and labels, pubable', () => {
    const episode: Asset = {
      assetId: 'pod-3',
      type: 'PODCAST_EPISODE',
      episode: '3',
      localized: [{ locale: 'en', title: 'Third' }],
      created: '2024-02-29T08:00:00Z',
    };
    const play = playResponse('pod-3', { entitlementType: 'AVOD' });
    expect(mediaParameters(play, episode, 'FR', NOW)).toMatchObject({
      mediaType: 'audio',
      label: 'Third',
      labels: { title: 'Third', date: '2024_02_29', pubable: 'pubable', country: 'FR' },
    });
    const withVast = playResponse('film-1', {
      formats: [{ format: 'DASH', mediaLocator: '/m.mpd', vastUrl: '/v2/ads/vast?x' }],
    });
    expect(mediaParameters(withVast, film, 'FR', NOW).labels.pubable).toBe('pubable');
  });

  test('a live channel is counted under its channel id, dated by the programme; no details: the asset id, today', () => {
    const start = Date.parse('2026-11-23T20:00:00Z');
    const play: PlayResponse = playResponse('chaine-1', {
      durationInMs: 0,
      streamInfo: { live: true, static: false, event: false, start, channelId: 'channel-59' },
    });
    expect(mediaParameters(play, undefined, '??', NOW)).toEqual({
      assetId: 'channel-59',
      channel: true,
      mediaType: 'video',
      playerId: 456,
      level2: 41,
      durationSeconds: 0,
      label: 'chaine-1',
      themes: [],
      labels: { title: 'chaine-1', date: '2026_11_23', pubable: 'non_pubable', country: 'FR' },
    });
    const vod = playResponse('film-1');
    expect(mediaParameters(vod, undefined, 'FR', NOW).labels.date).toBe('2026_11_24');
  });

  test('only the heartbeat’s milestones are media events', () => {
    expect([25, 50, 75, 100, 10].map(milestoneEvent)).toEqual(['25', '50', '75', '100', undefined]);
  });
});
