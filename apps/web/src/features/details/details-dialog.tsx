import type { Asset } from '@antenne/contract';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { displayNames } from './details-model';
import styles from './vod-details-page.module.css';

export interface DetailsDialogProps {
  asset: Asset;
  title: string;
  summary: string | undefined;
  countries: string[];
  actors: string[];
  minutes: number | undefined;
}

/**
 * The Details overlay, open: title, summary, subtitles, country, cast, year, duration. Its code
 * (React Aria's modal) is loaded by `DetailsOverlay` when first asked for.
 */
export default function DetailsDialog({
  asset,
  title,
  summary,
  countries,
  actors,
  minutes,
  onClose,
}: DetailsDialogProps & { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const subtitles = displayNames(asset.subtitles, i18n.language, 'language');
  const rows: [string, string][] = [];
  if (subtitles.length > 0) rows.push([t('DETAILS.SUBTITLES'), subtitles.join(', ')]);
  if (countries.length > 0) rows.push([t('DETAILS.COUNTRY'), countries.join(', ')]);
  if (actors.length > 0) rows.push([t('DETAILS.CAST'), actors.join(', ')]);
  if (asset.productionYear) rows.push([t('DETAILS.YEAR'), String(asset.productionYear)]);
  if (minutes !== undefined) rows.push([t('DETAILS.DURATION'), t('DETAILS.MINUTES', { count: minutes })]);
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className={styles.overlay}
    >
      <Modal className={styles.modal}>
        <Dialog className={styles.dialog}>
          {({ close }) => (
            <>
              <Heading slot="title" className={styles.dialogTitle}>
                {title}
              </Heading>
              {summary ? <p className={styles.dialogSummary}>{summary}</p> : null}
              <dl className={styles.dialogList}>
                {rows.map(([term, value]) => (
                  <div key={term} className={styles.dialogRow}>
                    <dt>{term}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
              <Button className={styles.action} onPress={close}>
                {t('DETAILS.CLOSE')}
              </Button>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
