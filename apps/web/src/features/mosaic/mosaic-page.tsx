import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

export default function MosaicPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <PlaceholderPage title={t('PAGES.MOSAIC')}>
      <p>{t('GENERAL.ID', { id })}</p>
    </PlaceholderPage>
  );
}
