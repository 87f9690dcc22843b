import {
  epgPaths,
  PROGRAM_FLAGS,
  type Asset,
  type ChannelEpg,
  type ChannelOnNowList,
  type Program,
} from '@antenne/contract';
import { config, json, type Handler } from './fetch-mock';

/**
 * A small schedule for the live TV tests: three channels whose programmes follow each other all
 * day, every day, with the flags varied. The tests' clock (TZ=UTC) is set to NOW.
 */

export const NOW = Date.parse('2026-03-10T20:15:00Z');
export const TODAY = '2026-03-10';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const channelAsset = (id: string, title: string): Asset => ({
  assetId: id,
  type: 'TV_CHANNEL',
  localized: [
    {
      locale: 'fr',
      title,
      images: [
        { url: `/images/${id}/logo.png`, type: 'logo', orientation: 'LANDSCAPE', width: 800, height: 300 },
      ],
    },
  ],
});

export const CHANNELS = [
  channelAsset('ch-monde', 'Antenne Monde'),
  channelAsset('ch-info', 'Antenne Info'),
  channelAsset('ch-sport', 'Antenne Sport'),
];

/** Programme length per channel, in minutes: 60, 90 and 120. */
const LENGTHS: Record<string, number> = { 'ch-monde': 60, 'ch-info': 90, 'ch-sport': 120 };
const FLAG_CYCLE = [
  PROGRAM_FLAGS.CATCHUP | PROGRAM_FLAGS.STARTOVER | PROGRAM_FLAGS.PVR,
  PROGRAM_FLAGS.CATCHUP,
  0,
] as const;

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const hhmm = (ms: number) => iso(ms).slice(11, 16);

export function program(channelId: string, startMs: number, minutes: number, flags: number): Program {
  const title = `${channelId.slice(3)} ${iso(startMs).slice(5, 10)} ${hhmm(startMs)}`;
  return {
    programId: `${channelId}_${startMs}`,
    channelId,
    assetId: `asset-${channelId}-${startMs}`,
    asset: {
      assetId: `asset-${channelId}-${startMs}`,
      type: 'MOVIE',
      localized: [
        {
          locale: 'fr',
          title,
          description: `Le résumé de ${title}.`,
          images: [{ url: `/images/${channelId}/${startMs}.png`, type: 'cover', width: 1920, height: 1080 }],
        },
      ],
    },
    startTime: iso(startMs),
    endTime: iso(startMs + minutes * MINUTE),
    vodAvailable: false,
    catchup: false,
    catchupBlocked: false,
    blackout: false,
    flags,
    created: iso(startMs),
    changed: iso(startMs),
  };
}

/** A channel's programmes starting on a UTC date (from 00:00 on, back to back). */
export function channelDay(channelId: string, date: string): Program[] {
  const length = LENGTHS[channelId] ?? 60;
  const start = Date.parse(`${date}T00:00:00Z`);
  const programmes: Program[] = [];
  for (let at = start, n = 0; at < start + DAY; at += length * MINUTE, n += 1) {
    programmes.push(program(channelId, at, length, FLAG_CYCLE[n % FLAG_CYCLE.length] ?? 0));
  }
  return programmes;
}

/** The programme of `channelId` on air at `ms`. */
export function programAt(channelId: string, ms: number): Program {
  const found = channelDay(channelId, iso(ms).slice(0, 10)).find(
    (p) => Date.parse(p.startTime) <= ms && ms < Date.parse(p.endTime),
  );
  if (!found) throw new Error(`no programme at ${iso(ms)}`);
  return found;
}

/** The dates a request asks for: `date` and `daysForward` after it. */
function datesOf(url: URL, date: string): string[] {
  const forward = Number(url.searchParams.get('daysForward') ?? 0);
  const start = Date.parse(`${date}T00:00:00Z`);
  return Array.from({ length: forward + 1 }, (_, i) => iso(start + i * DAY).slice(0, 10));
}

/** Answers to every EPG date call of the next 15 days around TODAY, and to on-now at NOW. */
export function epgHandlers(): Record<string, Handler> {
  const handlers: Record<string, Handler> = {};
  for (let d = -8; d <= 8; d += 1) {
    const date = iso(Date.parse(`${TODAY}T00:00:00Z`) + d * DAY).slice(0, 10);
    handlers[epgPaths.allDate(config, date)] = (url) =>
      json(
        CHANNELS.map((c): ChannelEpg => ({
          channelId: c.assetId,
          programs: datesOf(url, date).flatMap((day) => channelDay(c.assetId, day)),
          totalHitsAllChannels: 0,
        })),
      );
    for (const c of CHANNELS) {
      handlers[epgPaths.channelDate(config, c.assetId, date)] = (url) =>
        json({
          channelId: c.assetId,
          programs: datesOf(url, date).flatMap((day) => channelDay(c.assetId, day)),
          totalHitsAllChannels: 0,
        } satisfies ChannelEpg);
    }
  }
  handlers[epgPaths.onNow(config)] = () => json(onNowAt(Date.now()));
  return handlers;
}

/** The on-now answer at `ms`. */
export function onNowAt(ms: number): ChannelOnNowList {
  return {
    apiChannelStatuses: CHANNELS.map((channel) => {
      const on = programAt(channel.assetId, ms);
      return {
        channel,
        active: true,
        assets: [{ asset: on.asset, startTime: on.startTime, endTime: on.endTime }],
      };
    }),
    pageSize: 500,
    pageNumber: 1,
  };
}

/**
 * The EPG handlers with `extra(programme)` ORed into each programme's flags (the access-service
 * marks the server adds from the media, ADR 0029), in the date answers.
 */
export function withExtraFlags(
  handlers: Record<string, Handler>,
  extra: (p: Program) => number,
): Record<string, Handler> {
  const mark = (bucket: ChannelEpg): ChannelEpg => ({
    ...bucket,
    programs: bucket.programs.map((p) => ({ ...p, flags: p.flags | extra(p) })),
  });
  return Object.fromEntries(
    Object.entries(handlers).map(([path, handler]): [string, Handler] => [
      path,
      async (url, init) => {
        const res = await handler(url, init);
        if (!path.includes('/epg/')) return res;
        const body = (await res.json()) as ChannelEpg | ChannelEpg[];
        return json(Array.isArray(body) ? body.map(mark) : mark(body));
      },
    ]),
  );
}
