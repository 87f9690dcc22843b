import { epgDateOf, epgPaths, hasProgramFlag, type ChannelEpg, type Program } from '@antenne/contract';
import type { Page } from 'playwright-core';
import { TENANT } from './player.js';

/** The demo's channels (packages/content channels.ts) and the demo subscriber's package. */
export const CHANNELS = {
  /** In the demo subscriber's package (Subscription). */
  monde: 'chaine-antenne-monde',
  info: 'chaine-antenne-monde-info',
  junior: 'chaine-antenne-monde-jeunesse',
  musique: 'chaine-antenne-monde-musique',
  /** Outside it (the Sport-Afrique option). */
  sport: 'chaine-antenne-monde-sport',
  afrique: 'chaine-antenne-monde-afrique',
} as const;

/** A channel's programmes of a UTC day, as the server's EPG call answers them. */
export async function programmesOf(url: string, channelId: string, dayMs: number): Promise<Program[]> {
  const res = await fetch(`${url}${epgPaths.channelDate(TENANT, channelId, epgDateOf(dayMs))}?pageSize=500`);
  if (!res.ok) throw new Error(`EPG ${channelId}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as ChannelEpg).programs;
}

const startOf = (p: Program) => Date.parse(p.startTime);
const endOf = (p: Program) => Date.parse(p.endTime);

/** The first programme of `channelId` that matches, searching `dayMs`'s day and the next. */
export async function findProgramme(
  url: string,
  channelId: string,
  dayMs: number,
  matches: (p: Program) => boolean,
): Promise<Program> {
  for (const day of [dayMs, dayMs + 86_400_000]) {
    const found = (await programmesOf(url, channelId, day)).find(matches);
    if (found) return found;
  }
  throw new Error(`no programme of ${channelId} matches around ${new Date(dayMs).toISOString()}`);
}

/** A programme on air now with `flag`, on the first of the package's channels that has one. */
export async function findOnAir(url: string, flag: 'STARTOVER' | 'CATCHUP'): Promise<Program> {
  const now = Date.now();
  for (const channelId of [CHANNELS.monde, CHANNELS.info, CHANNELS.junior, CHANNELS.musique]) {
    const found = (await programmesOf(url, channelId, now)).find(onAirAt(now, flag));
    if (found) return found;
  }
  throw new Error(`no programme with ${flag} on air at ${new Date(now).toISOString()}`);
}

/** On air at `atMs`, with a flag if given, and at least `leftMs` still to go. */
export const onAirAt =
  (atMs: number, flag?: 'STARTOVER' | 'CATCHUP', leftMs = 120_000) =>
  (p: Program) =>
    startOf(p) <= atMs && endOf(p) - atMs > leftMs && (!flag || hasProgramFlag(p.flags, flag));

/** `/details/epg/{channelId#startMs}`, the `#` encoded. */
export const detailsPath = (p: Program) =>
  `/details/epg/${encodeURIComponent(`${p.channelId}#${startOf(p)}`)}`;

export { startOf, endOf };

/** The playing <video>'s time, twice `gapMs` apart (real time). */
export async function timeAdvances(page: Page, gapMs = 3_000): Promise<[number, number]> {
  const read = () =>
    page
      .locator('video')
      .first()
      .evaluate((v: HTMLVideoElement) => v.currentTime);
  const first = await read();
  await page.waitForTimeout(gapMs);
  return [first, await read()];
}
