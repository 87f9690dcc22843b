import type { Asset } from '@antenne/contract';
import { useTranslation } from 'react-i18next';
import { useFavorites } from '../../api/favorites';
import { useContinueWatching } from '../../api/play-history';
import { useStartup } from '../../api/use-startup';
import {
  LaneMessage,
  LaneView,
  SWIMLANE_MAX_ITEMS,
  type LaneContent,
} from '../../components/swimlane/swimlane';
import { useIsDesktop } from '../../lib/use-media-query';
import styles from './my-content-page.module.css';
import { RecordingsSection } from './recordings-section';

/**
 * /mycontent (signed-in users only, spec part 2 §2): continue watching, with each title's
 * progress, the favourites and the network recordings; each says so in words when it is empty.
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
      <RecordingsSection />
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
  const max = config.swimlanes?.maxItems ?? SWIMLANE_MAX_ITEMS;
  let content: LaneContent;
  if (pending) content = 'loading';
  else if (failed) content = <LaneMessage alert>{t('MYCONTENT.LOAD_ERROR')}</LaneMessage>;
  else if (items.length === 0) content = <LaneMessage>{empty}</LaneMessage>;
  else content = items.slice(0, max);
  return (
    <LaneView
      headingId={`mycontent-${id}`}
      title={title}
      orientation={desktop ? 'landscape' : 'portrait'}
      {...(items.length > max ? { moreHref: `/mosaic/${id}` } : {})}
      content={content}
    />
  );
}
