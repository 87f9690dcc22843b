import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { titleOf } from '../../lib/asset-display';
import { formatClock, programDetailsPath, programStateAt } from '../../lib/live';
import { ChannelHeader } from './channel-header';
import { FlagMarks } from './flag-marks';
import { labelAround, NamedTitle } from './named-title';
import { programLabel } from './program-label';
import type { GuideRow } from './guide-model';
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
          <section key={row.channelId} className={styles.listChannel} aria-labelledby={headingId}>
            <h2 id={headingId} className={styles.listHeading}>
              <ChannelHeader channelId={row.channelId} channel={row.channel} rowHeader={false} />
            </h2>
            <ol className={styles.listItems}>
              {shown.map(({ program, start, end }) => {
                const state = programStateAt(start, end, now);
                const times = { start: formatClock(start, language), end: formatClock(end, language) };
                const title = titleOf(program.asset, language);
                const name = programLabel(t, language, {
                  channel,
                  title,
                  start,
                  end,
                  state,
                  flags: program.flags,
                });
                const around = labelAround(name, title);
                return (
                  <li key={program.programId} className={`${styles.listItem} ${styles[state] ?? ''}`}>
                    <Link
                      to={programDetailsPath(program.channelId, start)}
                      className={styles.listLink}
                      {...(around === null ? { 'aria-label': name } : {})}
                    >
                      <span className={styles.listTimes} aria-hidden="true">
                        {times.start}
                      </span>
                      <NamedTitle around={around} title={title} className={styles.tileTitle} />
                      <span className={styles.tileMarks} aria-hidden="true">
                        {state === 'live' ? (
                          <span className={styles.liveBadge}>{t('GUIDE.STATE_LIVE')}</span>
                        ) : null}
                        <FlagMarks flags={program.flags} />
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ol>
          </section>
        );
      })}
    </div>
  );
}
