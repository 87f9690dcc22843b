import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

export default function VodDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <PlaceholderPage title={t('PAGES.DETAILS')}>
      <p>{t('GENERAL.ID', { id })}</p>
    </PlaceholderPage>
  );
}
