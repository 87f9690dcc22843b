import { parseProgramDetailsId } from '@antenne/contract';
import { programQueryOptions } from '../../api/epg';
import { onNowQueryOptions } from '../../api/on-now';
import { loadAll, type RouteLoader } from '../../lib/route-load';

/** /details/epg/{channelId#start}: the programme, and the channels' names and logos (epg-details-page.tsx). */
export const load: RouteLoader = async ({ queryClient, startup, params }) => {
  const detailsId = params.id ?? '';
  if (!parseProgramDetailsId(detailsId)) return;
  await loadAll([
    queryClient.ensureQueryData(programQueryOptions(startup.config, detailsId)),
    queryClient.ensureQueryData(onNowQueryOptions(startup.config)),
  ]);
};
