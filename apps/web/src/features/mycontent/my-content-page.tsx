import type { Asset } from '@antenne/contract';
import { useTranslation } from 'react-i18next';
import { useFavorites } from '../../api/favorites';
import { useContinueWatching } from '../../api/play-history';
import { useStartup } from '../../api/use-startup';
import { AssetCard } from '../../components/asset-card/asset-card';
import { Link } from '../../lib/router';
import { useIsDesktop } from '../../lib/use-media-query';
import styles from './my-content-page.module.css';

/** Lanes show this many titles, then 'More' leads to the mosaic (spec part 2 §2). */
const DEFAULT_MAX_ITEMS = 10;

/**
 * /mycontent (signed-in users only, spec part 2 §2): continue watching, with each title's
 * progress, and the favourites; each says so in words when it is empty.
 */
export default function MyContentPage() {
  const { t } = useTranslation();
  const continueWatching = useContinueWatching();
  const favorites = useFavorites();
  const favoriteAssets = (favorites.data ?? []).flatMap((item) => (item.asset ? [item.asset] : []));
  return (
    <div className={styles.page}>
      <title>{`${t('PAGES.MY_CONTENT')} · ${t('GENERAL.APP_NAME')}`}</title>
      <h1 className={styles.heading}>{t('PAGES.MY_CONTENT')}</h1>
      <PersonalLane
        id="bookmark"
        title={t('MOSAIC.BOOKMARK')}
        items={continueWatching.items}
        pending={continueWatching.isPending}
        failed={continueWatching.isError}
        empty={t('MYCONTENT.EMPTY_CONTINUE')}
      />
      <PersonalLane
        id="favoriteVod"
        title={t('MOSAIC.FAVORITEVOD')}
        items={favoriteAssets}
        pending={favorites.isPending}
        failed={favorites.isError}
        empty={t('MYCONTENT.EMPTY_FAVORITES')}
      />
    </div>
  );
}

interface PersonalLaneProps {
  /** The mosaic id of the whole list. */
  id: 'bookmark' | 'favoriteVod';
  title: string;
  items: readonly Asset[];
  pending: boolean;
  failed: boolean;
  empty: string;
}

function PersonalLane({ id, title, items, pending, failed, empty }: PersonalLaneProps) {
  const { t } = useTranslation();
  const { config } = useStartup();
  const desktop = useIsDesktop();
  const max = config.swimlanes?.maxItems ?? DEFAULT_MAX_ITEMS;
  const headingId = `mycontent-${id}`;
  return (
    <section className={styles.lane} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {items.length > max ? (
          <Link className={styles.more} to={`/mosaic/${id}`}>
            {t('SWIMLANE.MORE')}
            <span className="visually-hidden">{` — ${title}`}</span>
          </Link>
        ) : null}
      </div>
      {pending ? (
        <div className={styles.placeholder} aria-hidden="true" />
      ) : failed ? (
        <p className={styles.empty} role="alert">
          {t('MYCONTENT.LOAD_ERROR')}
        </p>
      ) : items.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <ul className={styles.items}>
          {items.slice(0, max).map((asset) => (
            <li key={asset.assetId} className={styles.item}>
              <AssetCard asset={asset} orientation={desktop ? 'landscape' : 'portrait'} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
