import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

export default function CreateAccountPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('PAGES.CREATE_ACCOUNT')} />;
}
