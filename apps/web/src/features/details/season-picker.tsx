import { useEffect, useId, useRef } from 'react';
import type { Season } from '@antenne/contract';
import { useTranslation } from 'react-i18next';
import styles from './vod-details-page.module.css';

/**
 * The season dropdown of a series: 'Saison N', the first season selected at first. A native
 * `<select>` (docs/adr/0030): the phone's own picker, a screen reader's own combobox, usable
 * before the app is live, and no widget library on the details page's first load.
 */
export function SeasonPicker({
  seasons,
  selected,
  onSelect,
}: {
  seasons: Season[];
  selected: string | undefined;
  onSelect: (seasonId: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  // A season chosen on the server's page before the app was live: the episodes follow it.
  useEffect(() => {
    const chosen = select.current?.value;
    if (chosen !== undefined && chosen !== '' && chosen !== selected) onSelect(chosen);
    // Once, as the picker first mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className={styles.select}>
      <label className={styles.selectLabel} htmlFor={id}>
        {t('DETAILS.SEASON_LABEL')}
      </label>
      <span className={styles.selectBox}>
        <select
          ref={select}
          id={id}
          className={styles.selectButton}
          value={selected ?? ''}
          onChange={(event) => onSelect(event.currentTarget.value)}
        >
          {seasons.map((season) => (
            <option key={season.seasonId} value={season.seasonId}>
              {t('DETAILS.SEASON', { number: season.season })}
            </option>
          ))}
        </select>
        <span className={styles.selectArrow} aria-hidden="true">
          ▾
        </span>
      </span>
    </div>
  );
}
