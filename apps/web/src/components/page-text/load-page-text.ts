import type { Component } from '@antenne/contract';
import { referencedComponentQueryOptions } from '../../api/get-referenced-component';
import { localizedPresentation } from '../../lib/presentation';
import type { RouteLoadContext } from '../../lib/route-load';
import { firstReference, resolveReference } from './page-reference';

/**
 * What a text page (usePageText) needs besides its component: the component its reference
 * address names on our API, when the page has no body of its own in the visitor's language.
 */
export async function loadPageText(load: RouteLoadContext, page: Component): Promise<void> {
  const { queryClient, startup, locale, context } = load;
  if (localizedPresentation(page.presentation, locale).body !== undefined) return;
  const reference = firstReference(page);
  if (!reference) return;
  const target = resolveReference(reference.referenceUrl, startup.config.exposureBaseUrl, context.origin);
  if (target?.kind !== 'api') return;
  await queryClient.ensureQueryData(
    referencedComponentQueryOptions(startup.config, startup.location, target.path),
  );
}
