import type { Asset } from '@antenne/contract';
import { useTranslation } from 'react-i18next';
import { titleOf } from '../../lib/asset-display';
import { atDensities } from '../../lib/image-url';
import { channelLogoOf } from '../../lib/live';
import styles from './guide.module.css';

/** Logo box size (the logos are 800×300: 8:3). */
export const LOGO_WIDTH = 96;
export const LOGO_HEIGHT = 36;

/** A row's header: the channel's logo (space reserved) with its name as text alternative. */
export function ChannelHeader({
  channelId,
  channel,
  rowHeader = true,
}: {
  channelId: string;
  channel: Asset | undefined;
  /** The grid's row header; elsewhere (a heading) a plain box. */
  rowHeader?: boolean;
}) {
  const { i18n } = useTranslation();
  const name = channel ? titleOf(channel, i18n.language) : channelId;
  const logo = channel ? channelLogoOf(channel, i18n.language) : undefined;
  return (
    <span role={rowHeader ? 'rowheader' : undefined} className={styles.channel}>
      {logo ? (
        <img
          className={styles.logo}
          {...atDensities(logo.url, LOGO_WIDTH)}
          width={LOGO_WIDTH}
          height={LOGO_HEIGHT}
          alt={name}
          decoding="async"
        />
      ) : (
        <span className={styles.channelName}>{name}</span>
      )}
    </span>
  );
}
