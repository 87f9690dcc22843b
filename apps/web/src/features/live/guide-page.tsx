import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TIME_SLOTS, type TimeSlot } from '@antenne/contract';
import { useEpg } from '../../api/epg';
import { useOnNow } from '../../api/on-now';
import { formatDay, useNow } from '../../lib/live';
import { useIsDesktop } from '../../lib/use-media-query';
import { useSearchParams } from '../../lib/router';
import { DayPicker } from './day-picker';
import { GuideGrid } from './guide-grid';
import { GuideList } from './guide-list';
import { clampDay, dayEndOf, dayStartOf, rowsOf, slotTarget, utcSpanOf } from './guide-model';
import styles from './guide.module.css';

/** The now line and the programmes' states follow the clock at this pace. */
export const GUIDE_CLOCK_MS = 30_000;

const SLOT_KEYS = {
  now: 'GUIDE.SLOT_NOW',
  next: 'GUIDE.SLOT_NEXT',
  prime: 'GUIDE.SLOT_PRIME',
  late: 'GUIDE.SLOT_LATE',
} as const satisfies Record<TimeSlot, string>;

/**
 * /guide: the programme guide. A day (−7 … +7, `?day=` in the address so Back comes to it), jumps
 * to the time slots, the channels × time grid on a desktop and a list per channel on a phone.
 */
export default function GuidePage() {
  const { t, i18n } = useTranslation();
  const now = useNow(GUIDE_CLOCK_MS);
  const desktop = useIsDesktop();
  const [params, setParams] = useSearchParams();
  // The day is state (the jump changes with it, in one render); the address follows it.
  const [dayOffset, setDayOffset] = useState(() =>
    clampDay(Number.parseInt(params.get('day') ?? '0', 10) || 0),
  );
  const dayStart = dayStartOf(dayOffset, now);
  const dayEnd = dayEndOf(dayStart);
  const span = utcSpanOf(dayStart, dayEnd, now);
  // The day before stays shown while another one loads: the grid keeps its place and its focus.
  const epg = useEpg(null, span.date, span.days, { keepPrevious: true });
  const onNow = useOnNow();
  // Kept from one tick of the clock to the next: the list's and grid's memoised programmes skip
  // the ticks that change nothing of theirs.
  const channels = useMemo(() => (onNow.data?.apiChannelStatuses ?? []).map((s) => s.channel), [onNow.data]);
  const rows = useMemo(
    () => rowsOf(epg.data, channels, dayStart, dayEnd),
    [epg.data, channels, dayStart, dayEnd],
  );
  // Where the grid shows and puts its cursor: now on today, the same time of day on another day.
  const [jump, setJump] = useState(() => ({ at: dayStart + (now - dayStartOf(0, now)) }));

  const goToDay = (offset: number, at?: number) => {
    const next = clampDay(offset);
    if (next !== dayOffset) {
      setDayOffset(next);
      setParams(next === 0 ? {} : { day: String(next) }, { replace: true });
    }
    setJump({ at: at ?? dayStartOf(next, now) + (now - dayStartOf(0, now)) });
  };
  const goToSlot = (slot: TimeSlot) => {
    const target = slotTarget(slot, { nowMs: now, dayOffset, dayStart, rows });
    goToDay(target.dayOffset, target.at);
  };

  const dayLabel = formatDay(dayStart, i18n.language);
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('GUIDE.TITLE')}</h1>
      <DayPicker selected={dayOffset} now={now} onSelect={(offset) => goToDay(offset)} />
      <div role="group" aria-label={t('GUIDE.SLOTS')} className={styles.slots}>
        {TIME_SLOTS.map((slot) => (
          <button key={slot} type="button" className={styles.slot} onClick={() => goToSlot(slot)}>
            {t(SLOT_KEYS[slot])}
          </button>
        ))}
      </div>
      {/* Without the on-now answer the rows name the channels by id, without logos. */}
      {epg.isError ? (
        <p role="alert" className={styles.status}>
          {t('GUIDE.ERROR')}
        </p>
      ) : epg.isPending || onNow.isPending ? (
        <p role="status" className={styles.status}>
          {t('GUIDE.LOADING')}
        </p>
      ) : desktop ? (
        <GuideGrid
          label={t('GUIDE.GRID', { day: dayLabel })}
          rows={rows}
          dayStart={dayStart}
          dayEnd={dayEnd}
          now={now}
          jump={jump}
          onDay={(delta, at) => {
            if (clampDay(dayOffset + delta) !== dayOffset) goToDay(dayOffset + delta, at);
          }}
        />
      ) : (
        <GuideList rows={rows} now={now} />
      )}
    </div>
  );
}
