import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

export default function CategoryPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <PlaceholderPage title={t('PAGES.CATEGORY')}>
      <p>{t('GENERAL.ID', { id })}</p>
    </PlaceholderPage>
  );
}
