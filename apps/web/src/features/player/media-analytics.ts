import {
  MEDIA_EVENTS,
  RICH_MEDIA,
  type Asset,
  type MediaEventName,
  type PlayResponse,
} from '@antenne/contract';
import type { MediaParameters } from '../../lib/analytics/analytics';
import { titleOf } from '../../lib/asset-display';
import { channelIdOf, liveKindOf } from './live';

/** The language of the media labels (spec part 2 §7: the catalogue's French items for analytics). */
const LABEL_LANGUAGE = 'fr';
const AUDIO_TYPES: ReadonlySet<string> = new Set(['PODCAST', 'PODCAST_EPISODE']);

/** `2026-11-20T…` → `2026_11_20` (the labels' year_month_day), UTC. */
function labelDate(value: string | number | undefined, fallback: number): string {
  const ms = typeof value === 'number' ? value : value === undefined ? NaN : Date.parse(value);
  return new Date(Number.isFinite(ms) ? ms : fallback).toISOString().slice(0, 10).replaceAll('-', '_');
}

/**
 * A playback's rich-media parameters and labels (spec part 2 §7, part 1 §9): media type (audio for
 * podcasts), player id 456, level 2 id 41, duration, label, three themes (the asset's tags), and
 * the labels — French title, episode, date (the programme's start, else the first publication,
 * else the creation), pubable when the offer carries ads, the viewer's country. A live channel is
 * counted under its channel id with `channel: true`.
 */
export function mediaParameters(
  play: PlayResponse,
  asset: Asset | undefined,
  country: string,
  now: number = Date.now(),
): MediaParameters {
  const live = liveKindOf(play) === 'live';
  const channelId = channelIdOf(play);
  const title = asset ? titleOf(asset, LABEL_LANGUAGE) : play.assetId;
  const episode =
    asset?.type === 'EPISODE' && asset.episode
      ? asset.season
        ? `S${asset.season}E${asset.episode}`
        : asset.episode
      : undefined;
  const themes = [...new Set((asset?.tags ?? []).flatMap((tag) => tag.tagValues.map((v) => v.tagId)))];
  const pubable = play.entitlementType === 'AVOD' || play.formats.some((format) => format.vastUrl);
  const code = country.toUpperCase();
  return {
    assetId: live && channelId ? channelId : play.assetId,
    ...(live ? { channel: true } : {}),
    mediaType: asset && AUDIO_TYPES.has(asset.type ?? '') ? 'audio' : 'video',
    playerId: RICH_MEDIA.playerId,
    level2: RICH_MEDIA.level2,
    durationSeconds: Math.max(0, Math.round(play.durationInMs / 1000)),
    label: episode ? `${title} - ${episode}` : title,
    themes: themes.slice(0, RICH_MEDIA.maxThemes),
    labels: {
      title,
      ...(episode ? { episode } : {}),
      date: labelDate(play.streamInfo?.start ?? asset?.publications?.[0]?.fromDate ?? asset?.created, now),
      pubable: pubable ? 'pubable' : 'non_pubable',
      country: /^[A-Z]{2}$/.test(code) ? code : 'FR',
    },
  };
}

/** A heartbeat milestone (25, 50, 75, 100) as its media event; undefined for any other percent. */
export function milestoneEvent(percent: number): MediaEventName | undefined {
  return MEDIA_EVENTS.find((event) => event === String(percent) && event !== 'start');
}
