import { isSearchable, searchResultsQueryOptions, searchTypesOf } from '../../api/search';
import { loadCards } from '../../components/asset-card/load-cards';
import { VISITOR, type RouteLoader } from '../../lib/route-load';

/** /search?q=: the results of the search in the address (search-page.tsx). */
export const load: RouteLoader = async (load) => {
  const { queryClient, startup, search, locale } = load;
  const text = search.get('q') ?? '';
  if (!isSearchable(text)) return;
  const results = await queryClient.ensureQueryData(
    searchResultsQueryOptions(startup.config, text, {
      locale,
      country: startup.location.country,
      types: searchTypesOf(startup.structure?.parameters.assetSearchTypes).join(','),
      viewer: VISITOR,
    }),
  );
  await loadCards(
    load,
    (results?.items ?? []).map((item) => item.asset),
  );
};
