import type { TFunction } from 'i18next';
import type { ProgramState } from '../../lib/live';
import { flagMarksOf } from './program-label';
import styles from './guide.module.css';

/**
 * A programme's flags (spec part 1 §9) as short marks: catch-up, start-over, recordable, then
 * subtitles and audio description as « ST » / « AD » with their full names for assistive tech.
 */
export function FlagMarks({ flags, t }: { flags: number; t: TFunction }) {
  return (
    <>
      {flagMarksOf(flags).map((m) => (
        <span key={m.flag} className={styles.flag}>
          {'short' in m ? (
            <>
              <span aria-hidden="true" title={t(m.key)}>
                {t(m.short)}
              </span>
              <span className="visually-hidden">{t(m.key)}</span>
            </>
          ) : (
            t(m.key)
          )}
        </span>
      ))}
    </>
  );
}

/**
 * A programme's marks beside its title in the grid and the list: « live » when on air, its flags.
 * The strings come from the programme's `t` (useTranslation is not cheap: it copies i18next's
 * instance for each component that calls it, and the guide has hundreds of programmes).
 */
export function ProgramMarks({ state, flags, t }: { state: ProgramState; flags: number; t: TFunction }) {
  return (
    <span className={styles.tileMarks} aria-hidden="true">
      {state === 'live' ? <span className={styles.liveBadge}>{t('GUIDE.STATE_LIVE')}</span> : null}
      <FlagMarks flags={flags} t={t} />
    </span>
  );
}
