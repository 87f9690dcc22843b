import { useParams } from '../../lib/router';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

/** /player/{encoded external id}[/{progress}]: the top bar is hidden by the route's handle. */
export default function PlayerPage() {
  const { t } = useTranslation();
  const { id = '', progress } = useParams();
  return (
    <PlaceholderPage title={t('PAGES.PLAYER')}>
      <p>{t('GENERAL.ID', { id })}</p>
      {progress !== undefined && <p>{t('GENERAL.PROGRESS', { progress })}</p>}
    </PlaceholderPage>
  );
}
