import { hasProgramFlag, type ProgramFlag } from '@antenne/contract';
import type { TFunction } from 'i18next';
import { formatClock, type ProgramState } from '../../lib/live';

/** A programme's state, as the guide says it. */
export const STATE_KEYS = {
  live: 'GUIDE.STATE_LIVE',
  ended: 'GUIDE.STATE_ENDED',
  upcoming: 'GUIDE.STATE_UPCOMING',
} as const satisfies Record<ProgramState, string>;

/**
 * The flags shown (spec part 1 §9): catch-up, start-over, recordable; then the access-service
 * marks (ADR 0029), shown short (`short`, « ST », « AD ») and named in full (`key`).
 */
export const FLAG_MARKS = [
  { flag: 'CATCHUP', key: 'GUIDE.FLAG_CATCHUP' },
  { flag: 'STARTOVER', key: 'GUIDE.FLAG_STARTOVER' },
  { flag: 'PVR', key: 'GUIDE.FLAG_PVR' },
  { flag: 'SUBTITLES', key: 'GUIDE.FLAG_SUBTITLES', short: 'GUIDE.MARK_SUBTITLES' },
  { flag: 'AUDIO_DESCRIPTION', key: 'GUIDE.FLAG_AUDIO_DESCRIPTION', short: 'GUIDE.MARK_AUDIO_DESCRIPTION' },
] as const satisfies readonly { flag: ProgramFlag; key: string; short?: string }[];

export const flagMarksOf = (flags: number) => FLAG_MARKS.filter((m) => hasProgramFlag(flags, m.flag));

/**
 * A programme's accessible name, in the grid and the list alike: channel, title, start and end
 * times, state, then its flags (`Antenne Monde, Le journal, de 20:00 à 20:30, En direct, Replay`).
 */
export function programLabel(
  t: TFunction,
  language: string,
  p: { channel: string; title: string; start: number; end: number; state: ProgramState; flags: number },
): string {
  const name = t('GUIDE.TILE', {
    channel: p.channel,
    title: p.title,
    start: formatClock(p.start, language),
    end: formatClock(p.end, language),
    state: t(STATE_KEYS[p.state]),
  });
  return [name, ...flagMarksOf(p.flags).map((m) => t(m.key))].join(t('GUIDE.LIST_SEPARATOR'));
}
