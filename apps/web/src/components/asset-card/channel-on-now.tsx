import { useTranslation } from 'react-i18next';
import { useOnNow } from '../../api/on-now';
import { titleOf } from '../../lib/asset-display';
import { progressAt, useNow } from '../../lib/live';
import styles from './channel-on-now.module.css';

/** The progress bar follows the clock at this pace. */
const CLOCK_MS = 30_000;

/**
 * Under a channel's card: the programme it airs now and how far into it we are (the on-now call,
 * one for every channel, read again every minute). Nothing when the channel airs nothing now.
 */
export default function ChannelOnNow({ channelId }: { channelId: string }) {
  const { t, i18n } = useTranslation();
  const onNow = useOnNow();
  const now = useNow(CLOCK_MS);
  const status = onNow.data?.apiChannelStatuses.find((s) => s.channel.assetId === channelId);
  const airing = status?.assets.find((a) => Date.parse(a.startTime) <= now && now < Date.parse(a.endTime));
  if (!airing) return null;
  const title = titleOf(airing.asset, i18n.language);
  const progress = Math.round(
    progressAt(Date.parse(airing.startTime), Date.parse(airing.endTime), now) * 100,
  );
  // One element (not a fragment): hydrated from the server's HTML after its code comes, a
  // component Preact resumes must have one root (docs/adr/0032).
  return (
    <span className={styles.onNow}>
      <span className={styles.title}>{t('GUIDE.ON_NOW', { title })}</span>
      <span
        className={styles.bar}
        role="progressbar"
        aria-label={t('GUIDE.PROGRESS', { title })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <span className={styles.fill} style={{ inlineSize: `${progress}%` }} />
      </span>
    </span>
  );
}
