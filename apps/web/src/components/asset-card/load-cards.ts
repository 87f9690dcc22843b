import type { Asset } from '@antenne/contract';
import { onNowQueryOptions } from '../../api/on-now';
import type { RouteLoadContext } from '../../lib/route-load';

/** What cards show beyond their asset: a channel's card, the programme on now (channel-on-now.tsx). */
export async function loadCards(
  { queryClient, startup }: RouteLoadContext,
  items: readonly Asset[],
): Promise<void> {
  if (items.some((item) => item.type === 'TV_CHANNEL'))
    await queryClient.ensureQueryData(onNowQueryOptions(startup.config));
}
