import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The startup answers the server embedded in index.html (apps/server/src/modules/web-app/bootstrap.ts):
 * `<script type="application/json" id="antenne-bootstrap">`. Seeding the query cache with them, under
 * the keys the screens use, lets the first screen render without an API round trip; every other
 * call is made as usual. Anything unreadable is ignored (the calls are then simply made).
 */
export const BOOTSTRAP_ELEMENT_ID = 'antenne-bootstrap';

interface Bootstrap {
  version: number;
  queries: { key: QueryKey; data: unknown }[];
}

export function seedFromBootstrap(queryClient: QueryClient, doc: Document = document): number {
  const element = doc.getElementById(BOOTSTRAP_ELEMENT_ID);
  if (element === null) return 0;
  try {
    const bootstrap = JSON.parse(element.textContent ?? '') as Bootstrap;
    if (bootstrap.version !== 1 || !Array.isArray(bootstrap.queries)) return 0;
    for (const { key, data } of bootstrap.queries) {
      if (Array.isArray(key) && data !== undefined) queryClient.setQueryData(key, data);
    }
    return bootstrap.queries.length;
  } catch (error) {
    console.warn('bootstrap: the embedded startup answers are unreadable', error);
    return 0;
  } finally {
    // Read once: a later in-app navigation never re-reads stale answers.
    element.remove();
  }
}
