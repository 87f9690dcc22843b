import {
  assetQueryOptions,
  recommendationsQueryOptions,
  stripAssetPrefix,
  tagQueryOptions,
} from '../../api/get-asset';
import { loadAll, VISITOR, type RouteLoader } from '../../lib/route-load';
import { chipTagIds, recommendationTag } from './details-model';

/**
 * /details/vod/{id}: the title, then its chips' tags and its recommendations (vod-details-page.tsx).
 * A visitor has no resume point and no favourite.
 */
export const load: RouteLoader = async ({ queryClient, startup, params }) => {
  const { config, location } = startup;
  const assetId = stripAssetPrefix(params.id ?? '');
  if (assetId === '') return;
  const asset = await queryClient.ensureQueryData(assetQueryOptions(config, assetId, location.country));
  const reco = recommendationTag(asset);
  await loadAll([
    ...chipTagIds(asset).map((tagId) => queryClient.ensureQueryData(tagQueryOptions(config, tagId))),
    queryClient.ensureQueryData(
      recommendationsQueryOptions(
        config,
        { tagId: reco?.tagId, scheme: reco?.scheme, excludeAssetId: asset.assetId },
        { country: location.country, viewer: VISITOR },
      ),
    ),
  ]);
};
