import { useTranslation } from 'react-i18next';
import { flagMarksOf } from './program-label';
import styles from './guide.module.css';

/** A programme's flags (spec part 1 §9) as short marks: catch-up, start-over, recordable. */
export function FlagMarks({ flags }: { flags: number }) {
  const { t } = useTranslation();
  return (
    <>
      {flagMarksOf(flags).map((m) => (
        <span key={m.flag} className={styles.flag}>
          {t(m.key)}
        </span>
      ))}
    </>
  );
}
