/**
 * API load benchmark: the built server against a bare Fastify serving the same bytes from memory,
 * both measured in the same run on this machine (loopback only), so the figures are ratios.
 *
 *   npm run bench:api            (builds first, from the repository root)
 *   BENCH_DURATION=10 BENCH_CONNECTIONS=20 npm run bench:api -w bench
 *
 * Then the scale phase (catalogue-scale.ts); the measuring helpers are in measure.ts.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { epgPaths } from '@antenne/contract';
import autocannon from 'autocannon';
import { SERVER_MAIN, start, startApp, stop, type Running } from '../support/server.js';
import { catalogueScale } from './catalogue-scale.js';
import {
  CONNECTIONS,
  DURATION,
  fmt,
  load,
  median,
  printTable,
  PAGE_HEADERS,
  ROUNDS,
  SANDWICH,
  sequence,
  type BareBodies,
  type Measure,
} from './measure.js';

const BARE_SERVER = fileURLToPath(new URL('./bare-server.ts', import.meta.url));
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
/** The EPG's day: today (UTC) on the server's clock, which is this machine's. */
const TODAY = new Date().toISOString().slice(0, 10);
const TENANT = { customer: 'antenne', businessUnit: 'monde' };
const GUIDE_EXCLUDES = ['sortingTitle', 'article', 'description', 'tinyDescription', 'shortDescription']
  .concat(['longDescription', 'extendedDescription', 'images'])
  .map((field) => `localized.${field}`)
  .join(',');
/** The target for a page render answered from the server's cache: ≥ this share of bare's req/s. */
const CACHED_PAGE_TARGET = 0.5;
const PAGE = 'GET / page (text/html, fr)';
const TARGETS: { name: string; path: string; headers?: Record<string, string> }[] = [
  { name: 'GET /healthz', path: '/healthz' },
  { name: 'GET /config/config_web.json', path: '/config/config_web.json' },
  { name: 'GET .../config/sandwich', path: SANDWICH },
  // The guide's calls: one channel's day and every channel's day (the demo's six channels).
  {
    name: 'GET .../epg/{channel}/date/{today}',
    path: `${epgPaths.channelDate(TENANT, 'chaine-antenne-monde', TODAY)}?pageSize=500`,
  },
  { name: 'GET .../epg/date/{today}', path: `${epgPaths.allDate(TENANT, TODAY)}?pageSize=10000` },
  // The same with the web guide's field selection (apps/web/src/api/epg.ts GUIDE_FIELDS): titles only.
  {
    name: 'GET .../epg/date/{today} guide fields',
    path: `${epgPaths.allDate(TENANT, TODAY)}?pageSize=10000&fieldSet=NONE&includeFields=localized&excludeFields=${GUIDE_EXCLUDES}`,
  },
  // A page render: the same URL each time, so after the first one the server's HTML cache answers.
  { name: PAGE, path: '/', headers: PAGE_HEADERS },
];

async function main(): Promise<void> {
  if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run \`npm run build\` first`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'antenne-bench-'));
  const running: Running[] = [];
  try {
    const app = await startApp({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL, NODE_ENV: 'production' });
    running.push(app);

    // The bare servers answer the app's exact bytes.
    const bodies: BareBodies = {};
    let securityHeaders: Record<string, string> = {};
    for (const target of TARGETS) {
      const res = await fetch(app.url + target.path, {
        headers: { ...target.headers, 'accept-encoding': 'identity' },
      });
      if (!res.ok) throw new Error(`${target.path}: ${res.status}`);
      bodies[target.path] = {
        type: res.headers.get('content-type') ?? 'application/json',
        body: await res.text(),
      };
      securityHeaders = Object.fromEntries(
        [...res.headers].filter(([name]) =>
          [
            'content-security-policy',
            'x-content-type-options',
            'referrer-policy',
            'x-frame-options',
            'cross-origin-opener-policy',
            'x-dns-prefetch-control',
          ].includes(name),
        ),
      );
    }
    const bodiesFile = path.join(dataDir, 'bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    const bare = await start(['--import', 'tsx', BARE_SERVER], { BARE_BODIES_FILE: bodiesFile });
    running.push(bare);
    const bareHeaders = await start(['--import', 'tsx', BARE_SERVER], {
      BARE_BODIES_FILE: bodiesFile,
      BARE_HEADERS: JSON.stringify(securityHeaders),
    });
    running.push(bareHeaders);

    console.log(
      `API load: ${CONNECTIONS} connections, ${DURATION} s per measure, median of ${ROUNDS} interleaved rounds, ` +
        `loopback, LOG_LEVEL=${LOG_LEVEL}, Node ${process.version}\n`,
    );
    const rows: string[][] = [];
    const headerRatios: number[] = [];
    let pageRatio = NaN;
    for (const target of TARGETS) {
      const { headers = {} } = target;
      // Warm up both (JIT, caches, SQLite page cache).
      await autocannon({ url: app.url + target.path, connections: CONNECTIONS, duration: 1, headers });
      await autocannon({ url: bare.url + target.path, connections: CONNECTIONS, duration: 1, headers });
      const samples: { base: Measure[]; withHeaders: Measure[]; ours: Measure[] } = {
        base: [],
        withHeaders: [],
        ours: [],
      };
      for (let round = 0; round < ROUNDS; round += 1) {
        samples.base.push(await load(bare.url + target.path, headers));
        samples.withHeaders.push(await load(bareHeaders.url + target.path, headers));
        samples.ours.push(await load(app.url + target.path, headers));
      }
      const base = median(samples.base);
      const withHeaders = median(samples.withHeaders);
      const ours = median(samples.ours);
      headerRatios.push(withHeaders.reqPerSec / base.reqPerSec);
      if (target.name === PAGE) pageRatio = ours.reqPerSec / base.reqPerSec;
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
    const brotli = median(
      await sequence(ROUNDS, () => load(app.url + SANDWICH, { 'accept-encoding': 'br, gzip' })),
    );
    const plain = Number(rows[2]?.[1]?.replace(/,/g, '') ?? 0);

    const header = [
      'endpoint',
      'app req/s',
      'app p97.5 ms',
      'bare req/s',
      'bare p97.5 ms',
      'app/bare',
      'headers-hook/bare',
      'errors',
    ];
    printTable([header, ...rows]);
    console.log(
      `\nNotes:\n` +
        `- "bare" is Fastify answering the same bytes from memory (no database, hooks, compression or logging).\n` +
        `- "headers-hook/bare": the same bare server plus the app's precomputed security headers set in one onRequest hook ` +
        `(mean ${fmt(headerRatios.reduce((a, b) => a + b, 0) / headerRatios.length, 2)}); see docs/adr/0002.\n` +
        `- Sandwich config with Accept-Encoding br (brotli q4): ${fmt(brotli.reqPerSec)} req/s, p97.5 ${fmt(brotli.p97_5, 1)} ms ` +
        `(${fmt(brotli.reqPerSec / plain, 2)} of the uncompressed app figure).\n` +
        `- ${PAGE}: the page as a browser asks for it, the same URL each time (the server's HTML cache once it ` +
        `has one; today index.html with its startup answers). Target (issue 16): a cached page render ≥ ` +
        `${CACHED_PAGE_TARGET} of bare → ${fmt(pageRatio, 2)} ${pageRatio >= CACHED_PAGE_TARGET ? 'MET' : 'MISSED'}.\n` +
        `- autocannon reports p97.5, not p95.`,
    );
  } finally {
    for (const server of running.reverse()) await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_SKIP_BASE !== '1') await main();
await catalogueScale();
