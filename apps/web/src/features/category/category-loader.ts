import type { ComponentReference } from '@antenne/contract';
import { componentQueryOptions } from '../../api/get-component';
import { loadPageBody } from '../../components/page-body/load-page-body';
import { isTextPage } from '../../components/page-text/page-text';
import { loadPageText } from '../../components/page-text/load-page-text';
import type { RouteLoader } from '../../lib/route-load';

/** /vod/{id}: the page's component, then its text or its body (category-page.tsx). */
export const load: RouteLoader = async (load) => {
  const { queryClient, startup, params } = load;
  const id = params.id ?? '';
  const page = await queryClient.ensureQueryData(componentQueryOptions(startup.config, startup.location, id));
  if (isTextPage(page)) await loadPageText(load, page);
  else await loadPageBody(load, (page.components?.pageBody ?? []) as ComponentReference[]);
};
