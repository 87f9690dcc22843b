import { useLocation, useParams } from '../../lib/router';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

/**
 * /details/epg/{channelId#startTimestampMs}: the `#` arrives encoded (%23) inside the id, or,
 * when a link left it raw, as the URL's hash; both give the same programme id.
 */
export default function EpgDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { hash } = useLocation();
  const programmeId = id.includes('#') || !hash ? id : `${id}${hash}`;
  return (
    <PlaceholderPage title={t('PAGES.PROGRAMME_DETAILS')}>
      <p>{t('GENERAL.ID', { id: programmeId })}</p>
    </PlaceholderPage>
  );
}
