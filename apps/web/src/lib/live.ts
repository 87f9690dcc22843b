import { startTransition, useEffect, useState } from 'react';
import { programDetailsId, type Asset, type AssetImage } from '@antenne/contract';
import { localizedOf } from './asset-display';
import { renderContext, useDrawnByServer } from './render-context';

/**
 * What the guide, the programme details and the channels lane share about live television: a
 * programme's state at an instant, its details path, times in the reader's language, a channel's
 * logo and a clock that ticks.
 */

export type ProgramState = 'live' | 'ended' | 'upcoming';

export const programStateAt = (startMs: number, endMs: number, nowMs: number): ProgramState =>
  nowMs < startMs ? 'upcoming' : nowMs >= endMs ? 'ended' : 'live';

/** `/details/epg/{channelId#startMs}`, the `#` encoded (`%23`). */
export const programDetailsPath = (channelId: string, startMs: number) =>
  `/details/epg/${encodeURIComponent(programDetailsId(channelId, startMs))}`;

/**
 * One formatter per language and form: making one costs ~60 µs (the guide formats ~700 times a
 * render: 40 ms, four times that on a phone), using one ~1 µs.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(language: string, form: 'clock' | 'day'): Intl.DateTimeFormat {
  const key = `${form}\n${language}`;
  let format = formatters.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(
      language,
      form === 'clock'
        ? { hour: '2-digit', minute: '2-digit' }
        : { weekday: 'long', day: 'numeric', month: 'long' },
    );
    formatters.set(key, format);
  }
  return format;
}

/** `20:15` (or the language's own form), local time. */
export const formatClock = (ms: number, language: string) => formatterOf(language, 'clock').format(ms);

/** `mardi 10 mars`, local date. */
export const formatDay = (ms: number, language: string) => formatterOf(language, 'day').format(ms);

/** A channel's logo (its `logo` image), else its first image. */
export function channelLogoOf(channel: Pick<Asset, 'localized'>, language: string): AssetImage | undefined {
  const images = localizedOf(channel, language)?.images ?? [];
  return images.find((i) => i.type === 'logo') ?? images[0];
}

/** The share of a programme gone by at `nowMs`, 0–1. */
export const progressAt = (startMs: number, endMs: number, nowMs: number) =>
  endMs <= startMs ? 0 : Math.min(1, Math.max(0, (nowMs - startMs) / (endMs - startMs)));

/** The time now, read again every `everyMs` (a test moves it with fake timers). */
export function useNow(everyMs = 30_000): number {
  // A server-rendered page hydrates with the server's time (no mismatch), then reads the clock.
  const drawnByServer = useDrawnByServer();
  const [now, setNow] = useState(() => (drawnByServer ? renderContext()?.now : undefined) ?? Date.now());
  useEffect(() => {
    // A transition: the time moving on is never urgent, and its render (a whole guide's) yields
    // to input in slices instead of one long task.
    const tick = () => startTransition(() => setNow(Date.now()));
    // Right after mounting (the server's time, when hydrating, is a little old), then every everyMs.
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, everyMs);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [everyMs]);
  return now;
}
