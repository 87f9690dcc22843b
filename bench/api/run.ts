/**
 * API load benchmark: the built server against a bare Fastify serving the same bytes from memory,
 * both measured in the same run on this machine (loopback only), so the figures are ratios.
 *
 *   npm run bench:api            (builds first, from the repository root)
 *   BENCH_DURATION=10 BENCH_CONNECTIONS=20 npm run bench:api -w bench
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { boundedInt, ROOT, SERVER_MAIN, start, startApp, stop, type Running } from '../support/server.js';
import { generateCatalogue } from '../catalogue/generate.js';

const BARE_SERVER = fileURLToPath(new URL('./bare-server.ts', import.meta.url));
const DURATION = boundedInt(process.env.BENCH_DURATION, 3, 1, 60);
/** Each figure is the median of this many interleaved measures (a shared machine is noisy). */
const ROUNDS = boundedInt(process.env.BENCH_ROUNDS, 3, 1, 10);
const CONNECTIONS = boundedInt(process.env.BENCH_CONNECTIONS, 10, 1, 200);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
/** Catalogue sizes of the scale phase (BENCH_SIZES=1000,20000; 0 skips it). */
const SIZES = (process.env.BENCH_SIZES ?? '1000,20000')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0 && n <= 100_000);
const IMPORT_CLI = path.join(ROOT, 'apps/server/dist/cli/catalog-import.js');
const V1 = '/v1/customer/antenne/businessunit/monde';
const V2 = '/v2/customer/antenne/businessunit/monde';

const SANDWICH = '/v2/whitelabel/customer/antenne/businessunit/monde/config/sandwich';
const TARGETS = [
  { name: 'GET /healthz', path: '/healthz' },
  { name: 'GET /config/config_web.json', path: '/config/config_web.json' },
  { name: 'GET .../config/sandwich', path: SANDWICH },
];

interface Measure {
  reqPerSec: number;
  p50: number;
  p97_5: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Measure> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    errors: result.errors + result.non2xx,
  };
}

/** The measure with the median req/s. */
function median(measures: Measure[]): Measure {
  const sorted = [...measures].sort((a, b) => a.reqPerSec - b.reqPerSec);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no measures');
  return { ...middle, errors: measures.reduce((sum, m) => sum + m.errors, 0) };
}

async function sequence<T>(times: number, work: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < times; i += 1) results.push(await work());
  return results;
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main(): Promise<void> {
  if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run \`npm run build\` first`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'antenne-bench-'));
  const running: Running[] = [];
  try {
    const app = await startApp({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL, NODE_ENV: 'production' });
    running.push(app);

    // The bare servers answer the app's exact bytes.
    const bodies: Record<string, string> = {};
    let securityHeaders: Record<string, string> = {};
    for (const target of TARGETS) {
      const res = await fetch(app.url + target.path, { headers: { 'accept-encoding': 'identity' } });
      if (!res.ok) throw new Error(`${target.path}: ${res.status}`);
      bodies[target.path] = await res.text();
      securityHeaders = Object.fromEntries(
        [...res.headers].filter(([name]) =>
          ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'cross-origin-opener-policy', 'x-dns-prefetch-control'].includes(name),
        ),
      );
    }
    const bodiesFile = path.join(dataDir, 'bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    const bare = await start(['--import', 'tsx', BARE_SERVER], { BARE_BODIES_FILE: bodiesFile });
    running.push(bare);
    const bareHeaders = await start(['--import', 'tsx', BARE_SERVER], { BARE_BODIES_FILE: bodiesFile, BARE_HEADERS: JSON.stringify(securityHeaders) });
    running.push(bareHeaders);

    console.log(
      `API load: ${CONNECTIONS} connections, ${DURATION} s per measure, median of ${ROUNDS} interleaved rounds, ` +
        `loopback, LOG_LEVEL=${LOG_LEVEL}, Node ${process.version}\n`,
    );
    const rows: string[][] = [];
    const headerRatios: number[] = [];
    for (const target of TARGETS) {
      // Warm up both (JIT, caches, SQLite page cache).
      await autocannon({ url: app.url + target.path, connections: CONNECTIONS, duration: 1 });
      await autocannon({ url: bare.url + target.path, connections: CONNECTIONS, duration: 1 });
      const samples: { base: Measure[]; withHeaders: Measure[]; ours: Measure[] } = { base: [], withHeaders: [], ours: [] };
      for (let round = 0; round < ROUNDS; round += 1) {
        samples.base.push(await load(bare.url + target.path));
        samples.withHeaders.push(await load(bareHeaders.url + target.path));
        samples.ours.push(await load(app.url + target.path));
      }
      const base = median(samples.base);
      const withHeaders = median(samples.withHeaders);
      const ours = median(samples.ours);
      headerRatios.push(withHeaders.reqPerSec / base.reqPerSec);
      rows.push([
        target.name,
        fmt(ours.reqPerSec),
        fmt(ours.p97_5, 1),
        fmt(base.reqPerSec),
        fmt(base.p97_5, 1),
        fmt(ours.reqPerSec / base.reqPerSec, 2),
        fmt(withHeaders.reqPerSec / base.reqPerSec, 2),
        String(ours.errors + base.errors + withHeaders.errors),
      ]);
    }
    const brotli = median(await sequence(ROUNDS, () => load(app.url + SANDWICH, { 'accept-encoding': 'br, gzip' })));
    const plain = Number(rows[2]?.[1]?.replace(/,/g, '') ?? 0);

    const header = ['endpoint', 'app req/s', 'app p97.5 ms', 'bare req/s', 'bare p97.5 ms', 'app/bare', 'headers-hook/bare', 'errors'];
    printTable([header, ...rows]);
    console.log(
      `\nNotes:\n` +
        `- "bare" is Fastify answering the same bytes from memory (no database, hooks, compression or logging).\n` +
        `- "headers-hook/bare": the same bare server plus the app's precomputed security headers set in one onRequest hook ` +
        `(mean ${fmt(headerRatios.reduce((a, b) => a + b, 0) / headerRatios.length, 2)}); see docs/adr/0002.\n` +
        `- Sandwich config with Accept-Encoding br (brotli q4): ${fmt(brotli.reqPerSec)} req/s, p97.5 ${fmt(brotli.p97_5, 1)} ms ` +
        `(${fmt(brotli.reqPerSec / plain, 2)} of the uncompressed app figure).\n` +
        `- autocannon reports p97.5, not p95.`,
    );
  } finally {
    for (const server of running.reverse()) await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable(rows: string[][]): void {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];
  const line = (row: string[]) => `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`;
  console.log(line(rows[0] ?? []));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const row of rows.slice(1)) console.log(line(row));
}

/** Sequential requests (one connection, no queueing): per-request latency in ms, p50 and p95. */
async function sequentialLatency(base: string, paths: string[], count: number): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const res = await fetch(base + paths[i % paths.length]);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${paths[i % paths.length]}: ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95) };
}

/**
 * Scale phase: a synthetic catalogue of each size is imported into a fresh database; cached
 * catalogue reads are measured against a bare Fastify answering the same bytes, and search
 * latency is measured one request at a time (the issue's targets: ≥ 0.5 of bare on cached
 * reads; suggestions p95 < 5 ms on 20 000 assets).
 */
async function catalogueScale(): Promise<void> {
  for (const size of SIZES) {
    const dataDir = mkdtempSync(path.join(tmpdir(), `antenne-bench-${size}-`));
    const running: Running[] = [];
    try {
      const file = path.join(dataDir, 'catalogue.json');
      writeFileSync(file, JSON.stringify(generateCatalogue(size)));
      const env = { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'production' };
      const importStarted = performance.now();
      const imported = spawnSync(process.execPath, [IMPORT_CLI, file], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
      if (imported.status !== 0) throw new Error(`import failed:\n${imported.stdout}${imported.stderr}`);
      const importMs = performance.now() - importStarted;
      const app = await startApp(env);
      running.push(app);
      const firstLoadStarted = performance.now();
      await fetch(`${app.url}${V1}/content/asset?pageSize=1`).then((r) => r.arrayBuffer());
      const firstLoadMs = performance.now() - firstLoadStarted;

      const targets = [
        { name: 'config_web.json', path: '/config/config_web.json' },
        { name: 'page component (home)', path: `${SANDWICH}/component/home` },
        { name: 'asset list (query, sort)', path: `${V1}/content/asset?query=tags.category:cinema&sort=-created&pageSize=10&pageNumber=1&onlyPublished=true&allowedCountry=FR&fieldSet=ALL` },
        { name: 'asset (by id)', path: `${V1}/content/asset/film-1?allowedCountry=FR` },
        { name: 'search suggestions', path: `${V1}/content/search/suggestions/riv?locale=fr&allowedCountry=FR` },
        { name: 'search query', path: `${V2}/content/search/query/riviere?locale=fr&allowedCountry=FR&schemes=keyword&schemes=subcategory&schemes=category&schemes=origin` },
      ];
      const bodies: Record<string, string> = {};
      for (const target of targets) {
        const res = await fetch(app.url + target.path, { headers: { 'accept-encoding': 'identity' } });
        if (!res.ok) throw new Error(`${target.path}: ${res.status} ${await res.text()}`);
        bodies[target.path] = await res.text();
      }
      const bodiesFile = path.join(dataDir, 'bodies.json');
      writeFileSync(bodiesFile, JSON.stringify(bodies));
      const bare = await start(['--import', 'tsx', BARE_SERVER], { BARE_BODIES_FILE: bodiesFile });
      running.push(bare);

      const rows: string[][] = [];
      const ratios: number[] = [];
      for (const target of targets) {
        await autocannon({ url: app.url + target.path, connections: CONNECTIONS, duration: 1 });
        await autocannon({ url: bare.url + target.path, connections: CONNECTIONS, duration: 1 });
        const base: Measure[] = [];
        const ours: Measure[] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          base.push(await load(bare.url + target.path));
          ours.push(await load(app.url + target.path));
        }
        const b = median(base);
        const o = median(ours);
        ratios.push(o.reqPerSec / b.reqPerSec);
        rows.push([target.name, fmt(o.reqPerSec), fmt(o.p97_5, 1), fmt(b.reqPerSec), fmt(o.reqPerSec / b.reqPerSec, 2), String(o.errors + b.errors)]);
      }

      // Search latency over varied texts, one request at a time, first requests (uncached answers) included.
      const prefixes = ['lok', 'mika', 'su', 'rakak', 'ri', 'riv', 'rivi', 'ete', 'été', 'mar', 'marc', 'dés', 'des', 'fo', 'for', 'mont', 'qua', 'rad', 'eco', 'eto', 'oce', 'cit', 'fro', 'mem', 'sai', 'lum', 'cha', 'voy', 'sec', 'loin', 'per', 'sau', 'dor'];
      const words = ['riviere', 'marche', 'desert', 'foret', 'montagne', 'quartier', 'ecole', 'etoile', 'ocean', 'frontiere', 'memoire', 'lumiere', 'chanson', 'voyage', 'rivere', 'montagen', 'secret indien', 'ete dore'];
      const suggestPaths = prefixes.flatMap((p) => ['fr', 'en'].map((locale) => `${V1}/content/search/suggestions/${encodeURIComponent(p)}?locale=${locale}&allowedCountry=FR`));
      const queryPaths = words.map((w) => `${V2}/content/search/query/${encodeURIComponent(w)}?locale=fr&allowedCountry=FR`);
      // A second process of the same catalogue, logging each request's server-side time (pino's
      // "request completed" line carries `ms`), so the first answers are computed, not cached.
      await stop(app);
      const logLines: string[] = [];
      const timed = await startApp({ ...env, LOG_LEVEL: 'info' }, logLines);
      running.push(timed);
      // Build the index and warm the code up (JIT) on texts that are not measured, then skip them.
      const warmUp = ['zz', 'ka', 'lo', 'mi', 'te', 'vi', 'no', 'da', 'ba', 'zi', 'po', 'le', 'ma', 'sa', 'to', 'ne', 'yu', 'ko', 'pa', 'di'].flatMap(
        (p) => ['de', 'es'].map((locale) => `${V1}/content/search/suggestions/${p}x?locale=${locale}&allowedCountry=FR`),
      );
      await sequentialLatency(timed.url, warmUp, warmUp.length);
      const suggestCold = await sequentialLatency(timed.url, suggestPaths, suggestPaths.length);
      const suggest = await sequentialLatency(timed.url, suggestPaths, 600);
      const queryCold = await sequentialLatency(timed.url, queryPaths, queryPaths.length);
      const query = await sequentialLatency(timed.url, queryPaths, 300);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const serverSide = (prefix: string, skip: number, take: number) => {
        const times = logLines
          .flatMap((line) => {
            try {
              const entry = JSON.parse(line) as { url?: string; ms?: number };
              return entry.url?.startsWith(prefix) && typeof entry.ms === 'number' ? [entry.ms] : [];
            } catch {
              return [];
            }
          })
          .slice(skip, skip + take)
          .sort((a, b) => a - b);
        const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
        return { p50: at(0.5), p95: at(0.95) };
      };
      // Skip the warm-up requests; then the first answers of every measured text.
      const suggestServer = serverSide(`${V1}/content/search/suggestions/`, warmUp.length, suggestPaths.length);
      const queryServer = serverSide(`${V2}/content/search/query/`, 0, queryPaths.length);

      console.log(`\nCatalogue of ${fmt(size)} assets (import ${fmt(importMs)} ms, first catalogue load ${fmt(firstLoadMs)} ms)\n`);
      printTable([['cached read', 'app req/s', 'app p97.5 ms', 'bare req/s', 'app/bare', 'errors'], ...rows]);
      const minRatio = Math.min(...ratios);
      console.log(
        `\nSearch latency, one request at a time (loopback included, so an upper bound of the server-side time):\n` +
          `- suggestions, first answers: p50 ${fmt(suggestCold.p50, 2)} ms, p95 ${fmt(suggestCold.p95, 2)} ms; repeated: p50 ${fmt(suggest.p50, 2)} ms, p95 ${fmt(suggest.p95, 2)} ms\n` +
          `- query, first answers: p50 ${fmt(queryCold.p50, 2)} ms, p95 ${fmt(queryCold.p95, 2)} ms; repeated: p50 ${fmt(query.p50, 2)} ms, p95 ${fmt(query.p95, 2)} ms\n` +
          `Server-side (the server's own per-request time, first answers): suggestions p50 ${fmt(suggestServer.p50, 2)} ms, ` +
          `p95 ${fmt(suggestServer.p95, 2)} ms; query p50 ${fmt(queryServer.p50, 2)} ms, p95 ${fmt(queryServer.p95, 2)} ms\n` +
          `Targets: cached reads ≥ 0.50 of bare → lowest ${fmt(minRatio, 2)} ${minRatio >= 0.5 ? 'MET' : 'MISSED'}` +
          (size >= 20_000
            ? `; suggestions p95 < 5 ms server-side on ${fmt(size)} assets → ${fmt(suggestServer.p95, 2)} ms ${suggestServer.p95 < 5 ? 'MET' : 'MISSED'}`
            : ''),
      );
    } finally {
      for (const server of running.reverse()) await stop(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

if (process.env.BENCH_SKIP_BASE !== '1') await main();
await catalogueScale();
