import { epgQueryOptions } from '../../api/epg';
import { onNowQueryOptions } from '../../api/on-now';
import { loadAll, type RouteLoader } from '../../lib/route-load';
import { clampDay, dayEndOf, dayStartOf, utcSpanOf } from './guide-model';

/** /guide: the day's programmes of every channel (`?day=`) and the channels (guide-page.tsx). */
export const load: RouteLoader = async ({ queryClient, startup, search, context }) => {
  const dayStart = dayStartOf(clampDay(Number.parseInt(search.get('day') ?? '0', 10) || 0), context.now);
  const span = utcSpanOf(dayStart, dayEndOf(dayStart), context.now);
  await loadAll([
    queryClient.ensureQueryData(epgQueryOptions(startup.config, null, span.date, span.days)),
    queryClient.ensureQueryData(onNowQueryOptions(startup.config)),
  ]);
};
