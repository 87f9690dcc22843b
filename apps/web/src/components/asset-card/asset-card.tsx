import { lazy, memo, Suspense } from 'react';
import type { Asset } from '@antenne/contract';
import { Link, useNavigate } from '../../lib/router';
import { useTranslation } from 'react-i18next';
import {
  badgeOf,
  csaLevelOf,
  descriptionOf,
  imageOf,
  progressOf,
  titleOf,
  type CardOrientation,
} from '../../lib/asset-display';
import { atDensities } from '../../lib/image-url';
import { favoriteTargetOf } from '../../api/favorites';
import { openPopup } from '../modal/popup-store';
import { useFavorite } from './use-favorite';
import { CsaIcon } from '../csa-icon';
import { HeartIcon, InfoIcon, PlayIcon } from '../icons';
import styles from './asset-card.module.css';

const BADGE_KEYS = {
  nouveaute: 'CARD.BADGE_NOUVEAUTE',
  new_season: 'CARD.BADGE_NEW_SEASON',
  new_episodes: 'CARD.BADGE_NEW_EPISODES',
} as const;

/** A channel's programme on now: its code comes with the first channel card (off the first screen's budget). */
const OnNow = lazy(() => import('./channel-on-now'));

/** Card widths (spec part 2 §9): 280 landscape; 280×420 portrait on desktop; 90×135 on mobile. */
export const CARD_WIDTH = { landscape: 280, portrait: 280, mobile: 90 } as const;

export interface AssetCardProps {
  asset: Asset;
  orientation: CardOrientation;
  /** The first cards of the first lane are above the fold: no lazy loading. */
  eager?: boolean;
}

/**
 * A title in a lane or a grid: its image (reserved ratio, lazy), its age-rating icon, its badge,
 * its progress; hover or focus shows the play and information actions (scale 1.05 over 150 ms).
 * Memoised: a lane's arrows or a grid's next page change without drawing its cards again.
 */
export const AssetCard = memo(function AssetCard({ asset, orientation, eager = false }: AssetCardProps) {
  const { t, i18n } = useTranslation();
  const title = titleOf(asset, i18n.language);
  const image = imageOf(asset, i18n.language, orientation);
  const level = csaLevelOf(asset);
  const badge = badgeOf(asset);
  const progress = progressOf(asset);
  const details = `/details/vod/${encodeURIComponent(asset.assetId)}`;
  const navigate = useNavigate();
  const favorite = useFavorite(favoriteTargetOf(asset));
  const summary = descriptionOf(asset, i18n.language);

  /** The information popup: the title and its summary; Validate opens the details. */
  const showInfo = async () => {
    const { validated } = await openPopup({
      title,
      ...(summary ? { text: summary } : {}),
      validateLabel: t('CARD.OPEN_DETAILS'),
      cancel: t('CARD.CLOSE'),
    });
    if (validated) void navigate(details);
  };
  const sized = image ? atDensities(image.url, CARD_WIDTH[orientation]) : undefined;
  return (
    <article className={`${styles.card} ${orientation === 'portrait' ? styles.portrait : styles.landscape}`}>
      <Link to={details} className={styles.link}>
        <span className={styles.frame}>
          {sized ? (
            <img
              className={styles.image}
              src={sized.src}
              srcSet={sized.srcSet}
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
            />
          ) : null}
          {badge || level ? (
            <span className={styles.marks}>
              {badge ? <span className={styles.badge}>{t(BADGE_KEYS[badge])}</span> : null}
              {level ? (
                <span className={styles.rating}>
                  <CsaIcon level={level} size={24} />
                </span>
              ) : null}
            </span>
          ) : null}
          {progress !== undefined ? (
            <span
              className={styles.progress}
              role="progressbar"
              aria-label={t('CARD.PROGRESS')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
            >
              <span className={styles.progressFill} style={{ inlineSize: `${progress * 100}%` }} />
            </span>
          ) : null}
        </span>
        <span className={styles.title}>{title}</span>
      </Link>
      <span className={styles.actions}>
        <Link
          to={`/player/${encodeURIComponent(asset.assetId)}`}
          className={styles.action}
          aria-label={t('CARD.PLAY', { title })}
        >
          <PlayIcon />
        </Link>
        <button
          type="button"
          className={styles.action}
          aria-label={t('CARD.INFO', { title })}
          onClick={() => void showInfo()}
        >
          <InfoIcon />
        </button>
        <button
          type="button"
          className={styles.action}
          aria-label={
            favorite.on ? t('FAVORITES.IN_FAVORITES_TITLE', { title }) : t('CARD.FAVOURITE', { title })
          }
          aria-pressed={favorite.on}
          aria-busy={favorite.busy || undefined}
          onClick={favorite.press}
        >
          <HeartIcon />
        </button>
      </span>
      {asset.type === 'TV_CHANNEL' ? (
        <div className={styles.extra}>
          <Suspense>
            <OnNow channelId={asset.assetId} />
          </Suspense>
        </div>
      ) : null}
    </article>
  );
});
