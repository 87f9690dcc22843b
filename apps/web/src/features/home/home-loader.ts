import type { ComponentReference } from '@antenne/contract';
import { componentQueryOptions } from '../../api/get-component';
import { loadPageBody } from '../../components/page-body/load-page-body';
import type { RouteLoader } from '../../lib/route-load';

/** The home's first screen: the structure's home component, then its body (home-page.tsx). */
export const load: RouteLoader = async (load) => {
  const { queryClient, startup } = load;
  const homeId = startup.structure?.components.homePage?.[0]?.referenceId;
  if (homeId === undefined) return;
  const home = await queryClient.ensureQueryData(
    componentQueryOptions(startup.config, startup.location, homeId),
  );
  await loadPageBody(load, (home.components?.pageBody ?? []) as ComponentReference[]);
};
