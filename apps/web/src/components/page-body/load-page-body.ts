import type { ComponentReference } from '@antenne/contract';
import { componentQueryOptions } from '../../api/get-component';
import { contentQueryOptions } from '../../api/get-assets';
import { loadAll, settled, VISITOR, type RouteLoadContext } from '../../lib/route-load';
import { loadCards } from '../asset-card/load-cards';
import { eagerBlocks } from './page-body';

/**
 * What a page body draws with the page (the hero, the lanes above the fold: `eagerBlocks`), into
 * the render's cache: each block's component, then a lane's titles (and their cards' extras).
 * A personal lane is a sign-in card for a visitor: its component only.
 */
export function loadPageBody(load: RouteLoadContext, body: readonly ComponentReference[]): Promise<void> {
  const { queryClient, startup } = load;
  const { config, location } = startup;
  return loadAll(
    eagerBlocks(body)
      .filter(({ eager }) => eager)
      .map(async ({ block }) => {
        const component = await settled(
          queryClient.ensureQueryData(componentQueryOptions(config, location, block.referenceId)),
        );
        if (block.appType !== 'carousel' || block.hasAuthorizedContent === true || !component?.contentUrl)
          return;
        const content = await queryClient.ensureQueryData(
          contentQueryOptions(config, component.contentUrl, {
            country: location.country,
            userToken: null,
            viewer: VISITOR,
          }),
        );
        await loadCards(load, content.items);
      }),
  );
}
