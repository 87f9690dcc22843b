import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

export default function LegalPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <PlaceholderPage title={t('PAGES.LEGAL')}>
      <p>{t('GENERAL.ID', { id })}</p>
    </PlaceholderPage>
  );
}
