import { componentQueryOptions } from '../../api/get-component';
import { loadPageText } from '../../components/page-text/load-page-text';
import type { RouteLoader } from '../../lib/route-load';

/** /legal/{id}: the page's component and the text it references (legal-page.tsx). */
export const load: RouteLoader = async (load) => {
  const { queryClient, startup, params } = load;
  const page = await queryClient.ensureQueryData(
    componentQueryOptions(startup.config, startup.location, params.id ?? ''),
  );
  await loadPageText(load, page);
};
