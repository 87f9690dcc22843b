import type { Asset } from '@antenne/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { titleOf } from '../../lib/asset-display';
import { formatClock, programDetailsPath, type ProgramState } from '../../lib/live';
import { programLabel } from './program-label';
import { MINUTE, PX_PER_MINUTE, type GuideProgram } from './guide-model';
import { ProgramMarks } from './flag-marks';
import { labelAround, NamedTitle } from './named-title';
import styles from './guide.module.css';

export interface GuideTileProps {
  item: GuideProgram;
  channel: Asset | undefined;
  /** The channel's name when its asset is not known. */
  channelName: string | undefined;
  /** Its state now (not the time: a tick of the clock re-renders only the tiles whose state changed). */
  state: ProgramState;
  dayStart: number;
  dayEnd: number;
  /** The grid's one tab stop. */
  active: boolean;
}

/**
 * A programme on the grid: a cell holding the link to its details, placed by its times (cut at the
 * day's edges). Its accessible name says the channel, the title, the times and the state.
 * Memoised: a move of the cursor re-renders only the two tiles whose `active` changed.
 */
export const GuideTile = memo(function GuideTile({
  item,
  channel,
  channelName,
  state,
  dayStart,
  dayEnd,
  active,
}: GuideTileProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { program, start, end } = item;
  const title = titleOf(program.asset, language);
  const from = Math.max(start, dayStart);
  const to = Math.min(end, dayEnd);
  const times = { start: formatClock(start, language), end: formatClock(end, language) };
  const name = programLabel(t, language, {
    channel: channel ? titleOf(channel, language) : (channelName ?? program.channelId),
    title,
    start,
    end,
    state,
    flags: program.flags,
  });
  const around = labelAround(name, title);
  return (
    <div
      role="gridcell"
      className={`${styles.tile} ${styles[state] ?? ''}`}
      style={{
        insetInlineStart: ((from - dayStart) / MINUTE) * PX_PER_MINUTE,
        inlineSize: Math.max(2, ((to - from) / MINUTE) * PX_PER_MINUTE - 2),
      }}
    >
      <Link
        to={programDetailsPath(program.channelId, start)}
        className={styles.tileLink}
        tabIndex={active ? 0 : -1}
        data-program={program.programId}
        {...(around === null ? { 'aria-label': name } : {})}
      >
        {/* Named by its content: the whole label, the title visible (named-title.tsx). */}
        <NamedTitle around={around} title={title} className={styles.tileTitle} />
        <span className={styles.tileTimes} aria-hidden="true">
          {times.start} – {times.end}
        </span>
        <ProgramMarks state={state} flags={program.flags} t={t} />
      </Link>
    </div>
  );
});
