import type { Asset } from '@antenne/contract';
import { Link, useParams, useSearchParams } from '../../lib/router';
import { useRecommendations } from '../../api/get-asset';
import { useFavorites } from '../../api/favorites';
import { useContinueWatching } from '../../api/play-history';
import { useUserToken } from '../../state/session-store';
import { useTranslation } from 'react-i18next';
import { useComponent } from '../../api/get-component';
import { useContent } from '../../api/get-assets';
import { AssetGrid, FIRST_SCREEN_CARDS } from '../../components/asset-grid/asset-grid';
import { localizedPresentation } from '../../lib/presentation';
import { useIsDesktop } from '../../lib/use-media-query';
import styles from './mosaic-page.module.css';

/** A mosaic shows up to this many titles of its source. */
export const MOSAIC_PAGE_SIZE = 100;
/** Mosaic ids that name personal lists rather than components (spec part 2 §2). */
export const PERSONAL_MOSAICS = ['bookmark', 'favoriteVod', 'more'] as const;
type PersonalMosaic = (typeof PERSONAL_MOSAICS)[number];
const PERSONAL_TITLES = {
  bookmark: 'MOSAIC.BOOKMARK',
  favoriteVod: 'MOSAIC.FAVORITEVOD',
  more: 'MOSAIC.MORE',
} as const;

/**
 * /mosaic/{id}: the title and the full grid of a lane's source. A configured component gives its
 * contentUrl; the personal sources (bookmark = continue watching, favoriteVod = favourites, more =
 * recommendations of ?assetId= by its tag ?recoId=, e.g. `subcategory:comedie`). bookmark and
 * favoriteVod are the signed-in user's lists (a visitor is asked to sign in). A failure shows an
 * empty grid.
 */
export default function MosaicPage() {
  const { t, i18n } = useTranslation();
  const desktop = useIsDesktop();
  const { id = '' } = useParams();
  const personal = (PERSONAL_MOSAICS as readonly string[]).includes(id) ? (id as PersonalMosaic) : undefined;
  const component = useComponent(personal ? undefined : id);
  const content = useContent(component.data?.contentUrl, { pageSize: MOSAIC_PAGE_SIZE });
  const [search] = useSearchParams();
  const recoId = personal === 'more' ? (search.get('recoId') ?? undefined) : undefined;
  const recommendations = useRecommendations(recoId, recoId?.split(':')[0], search.get('assetId') ?? '');
  const token = useUserToken();
  const continueWatching = useContinueWatching({ enabled: personal === 'bookmark' });
  const favorites = useFavorites();
  const title = personal
    ? t(PERSONAL_TITLES[personal])
    : (localizedPresentation(component.data?.presentation, i18n.language).title ?? '');
  const items: Asset[] =
    personal === 'more'
      ? (recommendations.data?.items ?? [])
      : personal === 'bookmark'
        ? continueWatching.items
        : personal === 'favoriteVod'
          ? (favorites.data ?? []).flatMap((item) => (item.asset ? [item.asset] : []))
          : content.isError || component.isError
            ? []
            : (content.data?.items ?? []);
  const orientation = desktop ? 'landscape' : 'portrait';
  const needsSignIn = (personal === 'bookmark' || personal === 'favoriteVod') && !token;
  const loading =
    personal === 'more'
      ? recoId !== undefined && recommendations.isPending
      : personal === 'bookmark'
        ? !needsSignIn && continueWatching.isPending
        : personal === 'favoriteVod'
          ? !needsSignIn && favorites.isPending
          : !personal && !component.isError && (component.isPending || content.isPending);
  return (
    <section className={styles.page}>
      {title ? <title>{`${title} · ${t('GENERAL.APP_NAME')}`}</title> : null}
      <h1 className={styles.title}>{title}</h1>
      {needsSignIn ? (
        <Link className={styles.signIn} to="/login">
          {t('SWIMLANE.NEED_AUTHENTICATION')}
        </Link>
      ) : loading ? null : items.length === 0 ? (
        <p className={styles.empty}>
          {personal === 'bookmark'
            ? t('MYCONTENT.EMPTY_CONTINUE')
            : personal === 'favoriteVod'
              ? t('MYCONTENT.EMPTY_FAVORITES')
              : t('GENERAL.NO_CONTENT')}
        </p>
      ) : (
        <AssetGrid items={items} orientation={orientation} eagerCount={FIRST_SCREEN_CARDS} />
      )}
    </section>
  );
}
