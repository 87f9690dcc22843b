import { componentQueryOptions } from '../../api/get-component';
import type { RouteLoadContext } from '../../lib/route-load';

/** What the main shell draws on the server besides the page: the footer's component (footer.tsx). */
export async function loadMainShell({ queryClient, startup }: RouteLoadContext): Promise<void> {
  const footerId = startup.structure?.components.footer?.[0]?.referenceId;
  if (footerId !== undefined)
    await queryClient.ensureQueryData(componentQueryOptions(startup.config, startup.location, footerId));
}
