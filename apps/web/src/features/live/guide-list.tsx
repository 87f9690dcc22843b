import type { TFunction } from 'i18next';
import { memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { titleOf } from '../../lib/asset-display';
import { formatClock, programDetailsPath, programStateAt, type ProgramState } from '../../lib/live';
import { ChannelHeader } from './channel-header';
import { ProgramMarks } from './flag-marks';
import { labelAround, NamedTitle } from './named-title';
import { programLabel } from './program-label';
import type { GuideProgram, GuideRow } from './guide-model';
import styles from './guide.module.css';

/**
 * The guide on a phone: one section per channel, its programmes of the day as a list, from the
 * one on air (today) or the first; the links read like the grid's cells.
 */
export function GuideList({ rows, now }: { rows: readonly GuideRow[]; now: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <div className={styles.list}>
      {rows.map((row) => {
        const channel = row.channel ? titleOf(row.channel, language) : row.channelId;
        const headingId = `guide-channel-${row.channelId}`;
        const shown = row.programs.filter((p) => p.end > now || row.programs.every((q) => q.end <= now));
        return (
          // Each channel hydrates in a task of its own (docs/adr/0030).
          <Suspense key={row.channelId} fallback={null}>
            <section className={styles.listChannel} aria-labelledby={headingId}>
              <h2 id={headingId} className={styles.listHeading}>
                <ChannelHeader channelId={row.channelId} channel={row.channel} rowHeader={false} />
              </h2>
              <ol className={styles.listItems}>
                {shown.map((item) => (
                  <GuideListItem
                    key={item.program.programId}
                    item={item}
                    channel={channel}
                    state={programStateAt(item.start, item.end, now)}
                    t={t}
                    language={language}
                  />
                ))}
              </ol>
            </section>
          </Suspense>
        );
      })}
    </div>
  );
}

/**
 * A programme of the list. Memoised on its state rather than the time: the clock's ticks (the
 * first one right after hydration) re-render only the programmes that began or ended. Its strings
 * come from the list's `t`: useTranslation in each of hundreds of programmes cost more than the
 * rest of their render (it copies i18next's instance for each component that calls it).
 */
const GuideListItem = memo(function GuideListItem({
  item: { program, start, end },
  channel,
  state,
  t,
  language,
}: {
  item: GuideProgram;
  channel: string;
  state: ProgramState;
  t: TFunction;
  language: string;
}) {
  const title = titleOf(program.asset, language);
  const name = programLabel(t, language, { channel, title, start, end, state, flags: program.flags });
  const around = labelAround(name, title);
  return (
    <li className={`${styles.listItem} ${styles[state] ?? ''}`}>
      <Link
        to={programDetailsPath(program.channelId, start)}
        className={styles.listLink}
        {...(around === null ? { 'aria-label': name } : {})}
      >
        <span className={styles.listTimes} aria-hidden="true">
          {formatClock(start, language)}
        </span>
        <NamedTitle around={around} title={title} className={styles.tileTitle} />
        <ProgramMarks state={state} flags={program.flags} t={t} />
      </Link>
    </li>
  );
});
