import type { ChannelProgrammeId } from '../catalogue/channel-programmes.js';
import { CHANNEL_PROGRAMMES } from '../catalogue/channel-programmes.js';
import { FILMS } from '../catalogue/films.js';
import { demoEpisodeId, SERIES } from '../catalogue/series.js';

/**
 * What each demo channel airs: fixed appointments (the news at 20:00, the match at 15:00) and a
 * pool of catalogue titles fitting the channel that fills the time between them, each at its
 * catalogue duration, with its programme flags (PROGRAM_FLAGS: 2 pvr, 4 catch-up, 8 start-over).
 */

/** pvr + catch-up + start-over: most programmes. */
export const ALL_FLAGS = 2 | 4 | 8;
/** Live news: catch-up and start-over, no network recording. */
const NEWS_FLAGS = 4 | 8;
/** Live sport: recording and start-over, no catch-up (rights). */
const SPORT_FLAGS = 2 | 8;
/** The interlude: nothing. */
export const FILLER_FLAGS = 0;

export interface PoolItem {
  assetId: string;
  ms: number;
  flags: number;
}

export interface Appointment {
  /** Minutes after 00:00 UTC. */
  at: number;
  item: PoolItem;
}

export interface ChannelTemplate {
  appointments: Appointment[];
  pool: PoolItem[];
}

const MINUTE = 60_000;

const own = (id: ChannelProgrammeId, flags = ALL_FLAGS): PoolItem => {
  const p = CHANNEL_PROGRAMMES.find((c) => c.id === id);
  if (p === undefined) throw new Error(`unknown channel programme ${id}`);
  return { assetId: p.id, ms: p.minutes * MINUTE, flags };
};

/** The interlude that fills what no title fits in, at the exact length left. */
export const FILLER_ASSET_ID: ChannelProgrammeId = 'emission-a-suivre';

const films = (accept: (f: (typeof FILMS)[number]) => boolean, flags = ALL_FLAGS): PoolItem[] =>
  FILMS.filter((f) => accept(f) && f.rating !== '7').map((f) => ({
    assetId: f.id,
    ms: f.minutes * MINUTE,
    // Titles rented or bought on demand are not offered again as catch-up.
    flags: f.products?.some((p) => p === 'location' || p === 'achat') ? flags & ~4 : flags,
  }));

const episodes = (accept: (s: (typeof SERIES)[number]) => boolean): PoolItem[] =>
  SERIES.filter(accept).flatMap((s) =>
    Array.from({ length: s.seasons * s.episodesPerSeason }, (_, i) => ({
      assetId: demoEpisodeId(s.id, Math.floor(i / s.episodesPerSeason) + 1, (i % s.episodesPerSeason) + 1),
      ms: s.episodeMinutes * MINUTE,
      flags: ALL_FLAGS,
    })),
  );

const at = (hour: number, minute: number, item: PoolItem): Appointment => ({ at: hour * 60 + minute, item });

/** Interleaves lists so the pool alternates kinds of titles (a film, an episode, a magazine…). */
function interleave(...lists: PoolItem[][]): PoolItem[] {
  const out: PoolItem[] = [];
  const longest = Math.max(...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) for (const list of lists) if (i < list.length) out.push(list[i]!);
  return out;
}

const AFRICAN = new Set(['senegal', 'cote-divoire', 'cameroun', 'rdc']);

/* The channels, by asset id (packages/content/src/catalogue/channels.ts). */
export const CHANNEL_TEMPLATES: Record<string, ChannelTemplate> = {
  'chaine-antenne-monde': {
    appointments: [
      at(7, 0, own('emission-le-journal')),
      at(13, 0, own('emission-le-journal')),
      at(20, 0, own('emission-le-journal')),
      at(20, 30, own('emission-la-meteo')),
      at(22, 45, own('emission-le-grand-debat')),
    ],
    pool: interleave(
      films((f) => f.category === 'cinema' || f.category === 'humour'),
      episodes((s) => s.category === 'fiction' || s.category === 'humour'),
      [own('emission-grand-reportage')],
    ),
  },
  'chaine-antenne-monde-info': {
    appointments: [
      ...[6, 8, 9, 10, 11, 14, 15, 16, 17, 18, 21, 22, 23].map((h) =>
        at(h, 0, own('emission-le-flash-info', NEWS_FLAGS)),
      ),
      ...[7, 12, 13, 19, 20].map((h) => at(h, 0, own('emission-le-journal', NEWS_FLAGS))),
    ],
    pool: interleave(
      [own('emission-grand-reportage'), own('emission-le-grand-debat'), own('emission-la-meteo')],
      films((f) => f.category === 'information' || f.category === 'documentaires'),
      episodes((s) => s.category === 'information' || s.category === 'documentaires'),
    ),
  },
  'chaine-antenne-monde-afrique': {
    appointments: [at(6, 0, own('emission-afrique-matin')), at(19, 0, own('emission-le-journal'))],
    pool: interleave(
      episodes((s) => AFRICAN.has(s.origin)),
      films((f) => AFRICAN.has(f.origin)),
      [own('emission-le-mag-des-sports')],
    ),
  },
  'chaine-antenne-monde-jeunesse': {
    appointments: [at(7, 0, own('emission-les-p-tits-matins'))],
    pool: interleave(
      episodes((s) => s.category === 'jeunesse'),
      films((f) => f.category === 'jeunesse'),
    ),
  },
  'chaine-antenne-monde-musique': {
    appointments: [at(21, 0, own('emission-scene-ouverte'))],
    pool: interleave(
      films((f) => f.category === 'musique'),
      [own('emission-clips-non-stop'), own('emission-clips-non-stop')],
    ),
  },
  'chaine-antenne-monde-sport': {
    appointments: [
      at(15, 0, own('emission-match-en-direct', SPORT_FLAGS)),
      at(19, 30, own('emission-le-mag-des-sports')),
      at(20, 45, own('emission-match-en-direct', SPORT_FLAGS)),
    ],
    pool: interleave(
      films((f) => f.category === 'sport'),
      episodes((s) => s.category === 'sport'),
      [own('emission-le-mag-des-sports')],
    ),
  },
};
