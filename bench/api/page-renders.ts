import autocannon from 'autocannon';
import { CONNECTIONS, DURATION, fmt, PAGE_HEADERS, sequentialLatency, V1 } from './measure.js';

/** The targets: an uncached render p95 ≤ 30 ms at 20 000 assets. */
const UNCACHED_P95_MS = 30;
const TARGET_SIZE = 20_000;
const WARM_UP = 20;
/** The API call measured while pages render: an asset read (answered from the server's caches). */
const API_CALL = `${V1}/content/asset/film-1?allowedCountry=FR`;

interface Probe {
  p50: number;
  p99: number;
  count: number;
  errors: number;
}

/** The API call, one at a time for `ms` milliseconds: its latency to the microsecond (autocannon rounds to 1 ms). */
async function probe(appUrl: string, ms: number): Promise<Probe> {
  const times: number[] = [];
  let errors = 0;
  for (const end = performance.now() + ms; performance.now() < end;) {
    const started = performance.now();
    const res = await fetch(appUrl + API_CALL);
    await res.arrayBuffer();
    if (!res.ok) errors += 1;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), count: times.length, errors };
}

export interface PageRenders {
  /** One at a time, each a title's details page never asked before. */
  uncached: { p50: number; p95: number; count: number };
  /** The API call's latency (one connection) alone, then while pages render. */
  apiAlone: Probe;
  apiUnderLoad: Probe;
  /** The render load around it: distinct details pages over CONNECTIONS connections. */
  load: { reqPerSec: number; p97_5: number; requests: number; distinct: number; errors: number };
}

/**
 * Page renders no cache can answer: the details page of a different title each request (distinct
 * URLs, the only way past the server's HTML cache). One at a time, then an API call's latency alone
 * and while CONNECTIONS connections keep rendering such pages (a slow render must not starve it).
 */
export async function pageRenders(appUrl: string, titleIds: readonly string[]): Promise<PageRenders> {
  const paths = titleIds.map((id) => `/details/vod/${encodeURIComponent(id)}`);
  const measured = Math.min(300, Math.floor((paths.length - WARM_UP) / 3));
  // Warm the code up (JIT) on pages that are not measured, then each measured page once.
  await sequentialLatency(appUrl, paths.slice(0, WARM_UP), WARM_UP, PAGE_HEADERS);
  const uncached = await sequentialLatency(
    appUrl,
    paths.slice(WARM_UP, WARM_UP + measured),
    measured,
    PAGE_HEADERS,
  );

  await probe(appUrl, 1000);
  const apiAlone = await probe(appUrl, DURATION * 1000);
  // The pages not rendered yet, in turn (again from the first if the load outruns them).
  const rest = paths.slice(WARM_UP + measured);
  const loadPaths = rest.length > 0 ? rest : paths;
  let next = 0;
  const rendering = autocannon({
    url: appUrl,
    connections: CONNECTIONS,
    duration: DURATION + 1,
    headers: PAGE_HEADERS,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: loadPaths[next++ % loadPaths.length] }),
      },
    ],
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const apiUnderLoad = await probe(appUrl, DURATION * 1000);
  const load = await rendering;
  return {
    uncached: { ...uncached, count: measured },
    apiAlone,
    apiUnderLoad,
    load: {
      reqPerSec: load.requests.average,
      p97_5: load.latency.p97_5,
      requests: load.requests.total,
      distinct: loadPaths.length,
      errors: load.errors + load.non2xx,
    },
  };
}

export function pageRendersReport(size: number, r: PageRenders): string {
  const { uncached, apiAlone, apiUnderLoad, load } = r;
  const target =
    size >= TARGET_SIZE
      ? ` Target (issue 16): p95 ≤ ${UNCACHED_P95_MS} ms at ${fmt(TARGET_SIZE)} assets → ` +
        `${uncached.p95 <= UNCACHED_P95_MS ? 'MET' : 'MISSED'}.`
      : '';
  return (
    `\n\nPage renders (text/html, fr; loopback included):\n` +
    `- uncached: a different title's details page each request, one at a time (${uncached.count} pages): ` +
    `p50 ${fmt(uncached.p50, 2)} ms, p95 ${fmt(uncached.p95, 2)} ms.${target}\n` +
    `- the API under render load: ${API_CALL}, one call at a time (${fmt(apiAlone.count)} calls), alone p50 ${fmt(apiAlone.p50, 2)} ms, ` +
    `p99 ${fmt(apiAlone.p99, 2)} ms; while ${CONNECTIONS} connections render uncached details pages ` +
    `(${fmt(load.reqPerSec)} renders/s, p97.5 ${fmt(load.p97_5, 1)} ms, ${fmt(load.requests)} requests over ` +
    `${fmt(load.distinct)} distinct pages${load.requests > load.distinct ? ', so some repeated' : ''}, ` +
    `${load.errors + apiAlone.errors + apiUnderLoad.errors} errors; ${fmt(apiUnderLoad.count)} calls) p50 ${fmt(apiUnderLoad.p50, 2)} ms, p99 ${fmt(apiUnderLoad.p99, 2)} ms: ` +
    `p99 ×${fmt(apiUnderLoad.p99 / apiAlone.p99, 1)} (issue 16: a slow render must not starve the API).`
  );
}
