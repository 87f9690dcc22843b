import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { ROOT, start, startApp, stop, type Running } from '../support/server.js';
import { generateCatalogue } from '../catalogue/generate.js';
import {
  CONNECTIONS,
  fmt,
  load,
  median,
  printTable,
  ROUNDS,
  SANDWICH,
  sequentialLatency,
  V1,
  V2,
  type BareBodies,
  type Measure,
} from './measure.js';
import { pageRenders, pageRendersReport } from './page-renders.js';

const BARE_SERVER = fileURLToPath(new URL('./bare-server.ts', import.meta.url));
/** Catalogue sizes of the scale phase (BENCH_SIZES=1000,20000; 0 skips it). */
const SIZES = (process.env.BENCH_SIZES ?? '1000,20000')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0 && n <= 100_000);
const IMPORT_CLI = path.join(ROOT, 'apps/server/dist/cli/catalog-import.js');

/**
 * Scale phase: a synthetic catalogue of each size is imported into a fresh database; cached
 * catalogue reads are measured against a bare Fastify answering the same bytes, and search
 * latency is measured one request at a time (the targets: ≥ 0.5 of bare on cached
 * reads; suggestions p95 < 5 ms on 20 000 assets).
 */
export async function catalogueScale(): Promise<void> {
  for (const size of SIZES) {
    const dataDir = mkdtempSync(path.join(tmpdir(), `antenne-bench-${size}-`));
    const running: Running[] = [];
    try {
      const file = path.join(dataDir, 'catalogue.json');
      const catalogue = generateCatalogue(size) as { assets: { assetId: string; type: string }[] };
      writeFileSync(file, JSON.stringify(catalogue));
      const env = { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'production' };
      const importStarted = performance.now();
      const imported = spawnSync(process.execPath, [IMPORT_CLI, file], {
        cwd: ROOT,
        env: { ...process.env, ...env },
        encoding: 'utf8',
      });
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
        {
          name: 'asset list (query, sort)',
          path: `${V1}/content/asset?query=tags.category:cinema&sort=-created&pageSize=10&pageNumber=1&onlyPublished=true&allowedCountry=FR&fieldSet=ALL`,
        },
        { name: 'asset (by id)', path: `${V1}/content/asset/film-1?allowedCountry=FR` },
        {
          name: 'search suggestions',
          path: `${V1}/content/search/suggestions/riv?locale=fr&allowedCountry=FR`,
        },
        {
          name: 'search query',
          path: `${V2}/content/search/query/riviere?locale=fr&allowedCountry=FR&schemes=keyword&schemes=subcategory&schemes=category&schemes=origin`,
        },
      ];
      const bodies: BareBodies = {};
      for (const target of targets) {
        const res = await fetch(app.url + target.path, { headers: { 'accept-encoding': 'identity' } });
        if (!res.ok) throw new Error(`${target.path}: ${res.status} ${await res.text()}`);
        bodies[target.path] = {
          type: res.headers.get('content-type') ?? 'application/json',
          body: await res.text(),
        };
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
        rows.push([
          target.name,
          fmt(o.reqPerSec),
          fmt(o.p97_5, 1),
          fmt(b.reqPerSec),
          fmt(o.reqPerSec / b.reqPerSec, 2),
          String(o.errors + b.errors),
        ]);
      }

      // The titles' details pages (films and series), each rendered once: no cache can answer them.
      const renders = await pageRenders(
        app.url,
        catalogue.assets.filter((a) => a.type === 'MOVIE' || a.type === 'TV_SHOW').map((a) => a.assetId),
      );

      // Search latency over varied texts, one request at a time, first requests (uncached answers) included.
      const prefixes = [
        'lok',
        'mika',
        'su',
        'rakak',
        'ri',
        'riv',
        'rivi',
        'ete',
        'été',
        'mar',
        'marc',
        'dés',
        'des',
        'fo',
        'for',
        'mont',
        'qua',
        'rad',
        'eco',
        'eto',
        'oce',
        'cit',
        'fro',
        'mem',
        'sai',
        'lum',
        'cha',
        'voy',
        'sec',
        'loin',
        'per',
        'sau',
        'dor',
      ];
      const words = [
        'riviere',
        'marche',
        'desert',
        'foret',
        'montagne',
        'quartier',
        'ecole',
        'etoile',
        'ocean',
        'frontiere',
        'memoire',
        'lumiere',
        'chanson',
        'voyage',
        'rivere',
        'montagen',
        'secret indien',
        'ete dore',
      ];
      const suggestPaths = prefixes.flatMap((p) =>
        ['fr', 'en'].map(
          (locale) =>
            `${V1}/content/search/suggestions/${encodeURIComponent(p)}?locale=${locale}&allowedCountry=FR`,
        ),
      );
      const queryPaths = words.map(
        (w) => `${V2}/content/search/query/${encodeURIComponent(w)}?locale=fr&allowedCountry=FR`,
      );
      // A second process of the same catalogue, logging each request's server-side time (pino's
      // "request completed" line carries `ms`), so the first answers are computed, not cached.
      await stop(app);
      const logLines: string[] = [];
      const timed = await startApp({ ...env, LOG_LEVEL: 'info' }, logLines);
      running.push(timed);
      // Build the index and warm the code up (JIT) on texts that are not measured, then skip them.
      const warmUp = [
        'zz',
        'ka',
        'lo',
        'mi',
        'te',
        'vi',
        'no',
        'da',
        'ba',
        'zi',
        'po',
        'le',
        'ma',
        'sa',
        'to',
        'ne',
        'yu',
        'ko',
        'pa',
        'di',
      ].flatMap((p) =>
        ['de', 'es'].map(
          (locale) => `${V1}/content/search/suggestions/${p}x?locale=${locale}&allowedCountry=FR`,
        ),
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
      const suggestServer = serverSide(
        `${V1}/content/search/suggestions/`,
        warmUp.length,
        suggestPaths.length,
      );
      const queryServer = serverSide(`${V2}/content/search/query/`, 0, queryPaths.length);

      console.log(
        `\nCatalogue of ${fmt(size)} assets (import ${fmt(importMs)} ms, first catalogue load ${fmt(firstLoadMs)} ms)\n`,
      );
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
            : '') +
          pageRendersReport(size, renders),
      );
    } finally {
      for (const server of running.reverse()) await stop(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
