import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY_OFFSETS, dayStartOf } from './guide-model';
import styles from './guide.module.css';

/** The days of the guide, −7 … +7: yesterday, today and tomorrow by name, the others by date. */
export function DayPicker({
  selected,
  now,
  onSelect,
}: {
  selected: number;
  now: number;
  onSelect: (offset: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', month: 'short' });
  const group = useRef<HTMLDivElement>(null);
  // The day chosen is in view (the row starts a week back).
  useEffect(() => {
    group.current
      ?.querySelector<HTMLElement>('[aria-pressed="true"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [selected]);
  const named: Record<number, string> = {
    [-1]: t('GUIDE.YESTERDAY'),
    0: t('GUIDE.TODAY'),
    1: t('GUIDE.TOMORROW'),
  };
  return (
    <div ref={group} role="group" aria-label={t('GUIDE.DAYS')} className={styles.days}>
      {DAY_OFFSETS.map((offset) => {
        const day = dayStartOf(offset, now);
        return (
          <button
            key={offset}
            type="button"
            className={styles.day}
            aria-pressed={offset === selected}
            onClick={() => onSelect(offset)}
          >
            {named[offset] ?? format.format(day)}
          </button>
        );
      })}
    </div>
  );
}
