import autocannon from 'autocannon';
import { boundedInt } from '../support/server.js';

/** What the API benchmark (run.ts, catalogue-scale.ts) measures with and how it prints it. */

export const DURATION = boundedInt(process.env.BENCH_DURATION, 3, 1, 60);
/** Each figure is the median of this many interleaved measures (a shared machine is noisy). */
export const ROUNDS = boundedInt(process.env.BENCH_ROUNDS, 3, 1, 10);
export const CONNECTIONS = boundedInt(process.env.BENCH_CONNECTIONS, 10, 1, 200);
export const V1 = '/v1/customer/antenne/businessunit/monde';
export const V2 = '/v2/customer/antenne/businessunit/monde';
export const SANDWICH = '/v2/whitelabel/customer/antenne/businessunit/monde/config/sandwich';
/** A browser's request for a page (the server renders it, or answers index.html), in French. */
export const PAGE_HEADERS = { accept: 'text/html', 'accept-language': 'fr' };

/** What the bare server answers for a URL (bare-server.ts): the app's bytes and their type. */
export type BareBodies = Record<string, { type: string; body: string }>;

export interface Measure {
  reqPerSec: number;
  p50: number;
  p97_5: number;
  errors: number;
}

export async function load(url: string, headers: Record<string, string> = {}): Promise<Measure> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    errors: result.errors + result.non2xx,
  };
}

/** The measure with the median req/s. */
export function median(measures: Measure[]): Measure {
  const sorted = [...measures].sort((a, b) => a.reqPerSec - b.reqPerSec);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no measures');
  return { ...middle, errors: measures.reduce((sum, m) => sum + m.errors, 0) };
}

export async function sequence<T>(times: number, work: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < times; i += 1) results.push(await work());
  return results;
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function printTable(rows: string[][]): void {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`;
  console.log(line(rows[0] ?? []));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const row of rows.slice(1)) console.log(line(row));
}

/** Sequential requests (one connection, no queueing): per-request latency in ms, p50 and p95. */
export async function sequentialLatency(
  base: string,
  paths: string[],
  count: number,
  headers: Record<string, string> = {},
): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const res = await fetch(base + paths[i % paths.length], { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${paths[i % paths.length]}: ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95) };
}
