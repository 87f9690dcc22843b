import { useTranslation } from 'react-i18next';
import { flagMarksOf } from './program-label';
import styles from './guide.module.css';

/**
 * A programme's flags (spec part 1 §9) as short marks: catch-up, start-over, recordable, then
 * subtitles and audio description as « ST » / « AD » with their full names for assistive tech.
 */
export function FlagMarks({ flags }: { flags: number }) {
  const { t } = useTranslation();
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
