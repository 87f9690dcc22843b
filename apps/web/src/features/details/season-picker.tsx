import type { Season } from '@antenne/contract';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import styles from './vod-details-page.module.css';

/** The season dropdown of a series: 'Saison N', the first season selected at first. */
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
  return (
    <Select
      className={styles.select}
      selectedKey={selected ?? null}
      onSelectionChange={(key) => {
        if (key !== null) onSelect(String(key));
      }}
    >
      <Label className={styles.selectLabel}>{t('DETAILS.SEASON_LABEL')}</Label>
      <Button className={styles.selectButton}>
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className={styles.popover}>
        <ListBox className={styles.listbox}>
          {seasons.map((season) => (
            <ListBoxItem key={season.seasonId} id={season.seasonId} className={styles.option}>
              {t('DETAILS.SEASON', { number: season.season })}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
