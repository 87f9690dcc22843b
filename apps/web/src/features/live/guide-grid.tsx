import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock, programStateAt } from '../../lib/live';
import { GuideTile } from './guide-tile';
import { ChannelHeader } from './channel-header';
import {
  DAY_MS,
  MINUTE,
  moveCursor,
  programIndexAt,
  PX_PER_MINUTE,
  type GridCursor,
  type GridMove,
  type GuideRow,
} from './guide-model';
import styles from './guide.module.css';

/** Rendered either side of what is on screen, so a scroll shows tiles already there. */
const OVERSCAN_MS = 60 * MINUTE;
/** The visible width when the element has none yet (first render, tests without layout). */
const FALLBACK_WIDTH_PX = 1200;
/** The channels' column (guide.module.css's --channel-width). */
const CHANNEL_WIDTH_PX = 112;
/** A jump puts its instant this far from the start edge. */
export const JUMP_LEAD_MS = 30 * MINUTE;

const px = (ms: number) => (ms / MINUTE) * PX_PER_MINUTE;

export interface GuideGridProps {
  label: string;
  rows: readonly GuideRow[];
  dayStart: number;
  dayEnd: number;
  now: number;
  /** Where the visible range starts, set by a jump (a new object each time). */
  jump: { at: number };
  /** PageUp / PageDown: another day, jumping to `at` (the cursor's time a day away; its row kept). */
  onDay: (delta: -1 | 1, at: number) => void;
}

/**
 * The channels × time grid (ARIA grid pattern, one tab stop): a row per channel, its programmes
 * as cells; only the time range on screen (and an hour either side) is rendered. The arrows move
 * between programmes (mirrored right to left) and channels (keeping the time position), Home/End
 * go to the row's first/last programme, PageUp/PageDown change the day, Enter opens the details.
 */
export function GuideGrid({ label, rows, dayStart, dayEnd, now, jump, onDay }: GuideGridProps) {
  const { t, i18n } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  // Right to left (Arabic): time runs leftwards, the arrows are mirrored, scrollLeft is negative.
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const [width, setWidth] = useState(FALLBACK_WIDTH_PX);
  // The time span on screen; the range can start no later than the day's end minus it.
  const span = Math.max(60, (width - CHANNEL_WIDTH_PX) / PX_PER_MINUTE) * MINUTE;
  const clampView = (at: number) => Math.max(dayStart, Math.min(at, dayEnd - span));
  // Asked for (a jump, a keyboard move, a scroll); shown: within the day as the width allows.
  const [askedStart, setViewStart] = useState(jump.at - JUMP_LEAD_MS);
  const viewStart = clampView(askedStart);
  const [cursor, setCursor] = useState<GridCursor>({ row: 0, time: jump.at });
  const wantFocus = useRef(false);

  // A jump (a slot, another day): the instant near the start edge, the cursor there.
  const [seenJump, setSeenJump] = useState(jump);
  if (seenJump !== jump) {
    setSeenJump(jump);
    setViewStart(jump.at - JUMP_LEAD_MS);
    setCursor((c) => ({ ...c, time: jump.at }));
  }

  // The scroll position follows the visible range (a scroll sets the range, which then matches).
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const wanted = px(viewStart - dayStart);
    if (Math.abs(Math.abs(element.scrollLeft) - wanted) < 1) return;
    element.scrollLeft = (rtl ? -1 : 1) * wanted;
  }, [viewStart, dayStart, rtl]);

  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth || FALLBACK_WIDTH_PX));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    setViewStart(dayStart + (Math.abs(element.scrollLeft) / PX_PER_MINUTE) * MINUTE);
  };

  const viewEnd = viewStart + span;
  const activeRow = Math.min(cursor.row, Math.max(0, rows.length - 1));
  const activeIndex = programIndexAt(rows[activeRow], cursor.time);
  const active = rows[activeRow]?.programs[activeIndex];
  const activeKey = active?.program.programId;

  // A keyboard move focuses its programme (once a day's programmes arrive, after PageUp/PageDown).
  useEffect(() => {
    if (!wantFocus.current || activeKey === undefined) return;
    scroller.current?.querySelector<HTMLElement>(`[data-program="${CSS.escape(activeKey)}"]`)?.focus();
  }, [activeKey, activeRow]);

  // Focus put on another programme (a click, a screen reader) makes it the tab stop.
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const id = (event.target as HTMLElement).dataset.program;
    const row = rows.findIndex((r) => r.programs.some((p) => p.program.programId === id));
    const program = rows[row]?.programs.find((p) => p.program.programId === id);
    if (!program || id === activeKey) return;
    setCursor({ row, time: Math.max(program.start, dayStart) });
  };
  // Focus gone elsewhere on the page: a later jump or day change must not pull it back. (Focus
  // lost to nothing, a programme unmounted while another day loads, keeps the wish.)
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !event.currentTarget.contains(next)) wantFocus.current = false;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, GridMove> = {
      ArrowRight: rtl ? 'previous' : 'next',
      ArrowLeft: rtl ? 'next' : 'previous',
      ArrowUp: 'up',
      ArrowDown: 'down',
      Home: 'first',
      End: 'last',
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      wantFocus.current = true;
      const next = moveCursor({ row: activeRow, time: cursor.time }, move, rows, dayStart);
      setCursor(next);
      // A programme off screen comes on screen, a little after the start edge.
      const row = rows[next.row];
      const target = row?.programs[programIndexAt(row, next.time)];
      if (target && (target.end <= viewStart || target.start >= viewEnd)) {
        setViewStart(target.start - 15 * MINUTE);
      }
    } else if (event.key === 'PageUp' || event.key === 'PageDown') {
      event.preventDefault();
      wantFocus.current = true;
      const delta = event.key === 'PageUp' ? -1 : 1;
      onDay(delta, cursor.time + delta * DAY_MS);
    }
  };

  const from = viewStart - OVERSCAN_MS;
  const to = viewEnd + OVERSCAN_MS;
  const marks: number[] = [];
  for (
    let at = Math.max(dayStart, from - (from % (30 * MINUTE)));
    at < Math.min(dayEnd, to);
    at += 30 * MINUTE
  ) {
    if (at >= dayStart) marks.push(at);
  }
  const showNow = now >= dayStart && now < dayEnd;

  return (
    <div
      ref={scroller}
      className={styles.scroller}
      onScroll={onScroll}
      style={{ '--day-width': `${px(dayEnd - dayStart)}px` } as CSSProperties}
    >
      <div className={styles.ruler} aria-hidden="true">
        <span className={styles.corner} />
        {marks.map((at) => (
          <span key={at} className={styles.mark} style={{ insetInlineStart: px(at - dayStart) }}>
            {formatClock(at, i18n.language)}
          </span>
        ))}
      </div>
      <div
        role="grid"
        aria-label={label}
        aria-rowcount={rows.length}
        className={styles.grid}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={onBlur}
      >
        {rows.map((row, r) => (
          <div role="row" key={row.channelId} aria-rowindex={r + 1} className={styles.row}>
            <ChannelHeader channelId={row.channelId} channel={row.channel} />
            <div className={styles.track}>
              {row.programs.map((p, i) =>
                (p.end > from && p.start < to) || (r === activeRow && i === activeIndex) ? (
                  <GuideTile
                    key={p.program.programId}
                    item={p}
                    channelName={row.channel ? undefined : row.channelId}
                    channel={row.channel}
                    state={programStateAt(p.start, p.end, now)}
                    dayStart={dayStart}
                    dayEnd={dayEnd}
                    active={r === activeRow && i === activeIndex}
                  />
                ) : null,
              )}
            </div>
          </div>
        ))}
      </div>
      {showNow ? (
        <div
          className={styles.nowLine}
          style={{ insetInlineStart: `calc(var(--channel-width) + ${px(now - dayStart)}px)` }}
        >
          <span className={styles.nowLabel}>
            {t('GUIDE.NOW_AT', { time: formatClock(now, i18n.language) })}
          </span>
        </div>
      ) : null}
    </div>
  );
}
