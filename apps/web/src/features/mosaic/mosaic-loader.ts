import { recommendationsQueryOptions } from '../../api/get-asset';
import { contentQueryOptions } from '../../api/get-assets';
import { componentQueryOptions } from '../../api/get-component';
import { loadCards } from '../../components/asset-card/load-cards';
import { VISITOR, type RouteLoader } from '../../lib/route-load';
import { MOSAIC_PAGE_SIZE, PERSONAL_MOSAICS } from './mosaic-page';

/**
 * /mosaic/{id}: a component's grid (its component, then its titles), or the recommendations of
 * `more`; the personal lists are a sign-in link for a visitor (mosaic-page.tsx).
 */
export const load: RouteLoader = async (load) => {
  const { queryClient, startup, params, search } = load;
  const { config, location } = startup;
  const id = params.id ?? '';
  if (id === 'more') {
    const recoId = search.get('recoId') ?? undefined;
    const answer = await queryClient.ensureQueryData(
      recommendationsQueryOptions(
        config,
        { tagId: recoId, scheme: recoId?.split(':')[0], excludeAssetId: search.get('assetId') ?? '' },
        { country: location.country, viewer: VISITOR },
      ),
    );
    await loadCards(load, answer?.items ?? []);
    return;
  }
  if ((PERSONAL_MOSAICS as readonly string[]).includes(id)) return;
  const component = await queryClient.ensureQueryData(componentQueryOptions(config, location, id));
  if (!component.contentUrl) return;
  const content = await queryClient.ensureQueryData(
    contentQueryOptions(
      config,
      component.contentUrl,
      { country: location.country, userToken: null, viewer: VISITOR },
      { pageSize: MOSAIC_PAGE_SIZE },
    ),
  );
  await loadCards(load, content.items);
};
