/**
 * React against Preact with preact/compat on this app, measured in the same run (ADR 0031).
 *
 *   npm run bench:preact         (from the repository root: builds the server first)
 *
 * Preact (BENCH_PREACT_VERSION, default 11.2.0) is installed into a temporary folder, never into
 * the workspace: the app's dependencies stay React's. The web app is built twice into temporary
 * folders with the app's own vite.config.ts, the second time with React's entry points aliased to
 * preact/compat (preact-aliases.ts). Then:
 *
 * - size: the home route's JavaScript before its first paint, as e2e/tests/budget.test.ts counts
 *   it (the entry and the home page with their static imports, gzip level 9), and every chunk;
 * - Lighthouse (lighthouse.ts: mobile, simulated throttling) on / for each build, served by the
 *   built server (WEB_DIST_DIR, fresh DATA_DIR), BENCH_WEB_RUNS (default 3) interleaved runs each,
 *   medians;
 * - the web component suite under preact/compat (preact.vitest.config.ts), its passes and failures
 *   by file.
 *
 * BENCH_PREACT_ONLY=size, =lighthouse or =tests runs one part (size builds, so it always runs).
 * BENCH_PREACT_PATCH=1 adds to react-aria's collection fake DOM the two methods Preact calls on it
 * (preact-aliases.ts), in the Preact build and the tests: what React Aria's collections would need.
 * About 10 minutes in all on two cores, most of it the test suite.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { boundedInt, ROOT, startApp, stop } from '../support/server.js';
import { audit, launchChromium, median, type Result } from './lighthouse.js';
import { preactAliases, reactAriaFakeDomPatch } from './preact-aliases.js';

const VERSION = process.env.BENCH_PREACT_VERSION ?? '11.2.0';
const RUNS = boundedInt(process.env.BENCH_WEB_RUNS, 3, 1, 9);
const ONLY = process.env.BENCH_PREACT_ONLY;
const PATCH = process.env.BENCH_PREACT_PATCH === '1';
const WEB = path.join(ROOT, 'apps/web');
const HOME_KEYS = ['index.html', 'src/features/home/home-page.tsx'];

interface ManifestChunk {
  file: string;
  imports?: string[];
}

const gzipBytes = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function installPreact(folder: string): string {
  execFileSync(
    'npm',
    ['install', '--prefix', folder, '--no-audit', '--no-fund', '--loglevel=error', `preact@${VERSION}`],
    { stdio: 'inherit' },
  );
  return path.join(folder, 'node_modules', 'preact');
}

async function buildWeb(outDir: string, alias?: ReturnType<typeof preactAliases>): Promise<void> {
  await build({
    root: WEB,
    configFile: path.join(WEB, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    ...(alias ? { resolve: { alias }, plugins: PATCH ? [reactAriaFakeDomPatch] : [] } : {}),
  });
}

interface Sizes {
  home: Map<string, number>;
  all: number;
}

/** The home route's files (budget.test.ts: the entry and the home page, static imports followed). */
function measureSizes(dist: string): Sizes {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    (chunk.imports ?? []).forEach(visit);
  };
  HOME_KEYS.forEach(visit);
  const home = new Map(
    [...files].filter((f) => f.endsWith('.js')).map((f) => [f, gzipBytes(path.join(dist, f))] as const),
  );
  const assets = path.join(dist, 'assets');
  const all = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipBytes(path.join(assets, f)), 0);
  return { home, all };
}

const reactVersion = () =>
  (
    JSON.parse(readFileSync(path.join(ROOT, 'node_modules/react/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((sum, size) => sum + size, 0);

function sizeReport(react: Sizes, preact: Sizes): string {
  const lines = [
    `home route JS before first paint (gzip -9): React ${kb(total(react.home))} KB, Preact ${kb(total(preact.home))} KB` +
      ` (${kb(total(react.home) - total(preact.home))} KB less)`,
    `every JS chunk of the build: React ${kb(react.all)} KB, Preact ${kb(preact.all)} KB`,
  ];
  for (const [name, sizes] of [
    ['React', react],
    ['Preact', preact],
  ] as const)
    lines.push(
      `${name}:`,
      ...[...sizes.home]
        .sort((a, b) => b[1] - a[1])
        .map(([file, size]) => `  ${kb(size).padStart(6)} KB  ${file}`),
    );
  return lines.join('\n');
}

async function lighthouseReport(dists: { name: string; dist: string }[]): Promise<string> {
  const apps = [];
  const dataDirs: string[] = [];
  try {
    for (const { name, dist } of dists) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'antenne-bench-preact-'));
      dataDirs.push(dataDir);
      const app = await startApp({
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        WEB_DIST_DIR: dist,
      });
      apps.push({ name, app, runs: [] as Result[] });
    }
    const chrome = await launchChromium();
    try {
      // Interleaved, so that the machine's other load weighs on both alike.
      for (let i = 0; i < RUNS; i++)
        for (const entry of apps) entry.runs.push(await audit(`${entry.app.url}/`, chrome.port));
    } finally {
      await chrome.kill();
    }
    const rows = [
      ['build', 'perf', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'JS kB (wire)', 'JS exec ms', 'TBT of each run'],
    ];
    for (const { name, runs } of apps) {
      const m = (key: keyof Result) => median(runs.map((r) => r[key]));
      rows.push([
        name,
        String(m('performance')),
        m('fcp').toFixed(0),
        m('lcp').toFixed(0),
        m('tbt').toFixed(0),
        m('cls').toFixed(3),
        m('scriptKb').toFixed(1),
        m('scriptMs').toFixed(0),
        runs.map((r) => (Number.isFinite(r.tbt) ? r.tbt.toFixed(0) : 'err')).join(' '),
      ]);
    }
    const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
    return [
      `Lighthouse on / (mobile, simulated throttling), ${RUNS} interleaved runs each, medians:`,
      ...rows.map((row) => row.map((cell, c) => cell.padEnd(widths[c]!)).join('  ')),
    ].join('\n');
  } finally {
    for (const { app } of apps) await stop(app);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numTotalTests: number;
  testResults: { name: string; assertionResults: { status: string; failureMessages: string[] }[] }[];
}

/** The web component suite under preact/compat: passes and failures, by file, with the first error. */
function testReport(preactDir: string, folder: string): string {
  const output = path.join(folder, 'vitest.json');
  spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--config',
      path.join(ROOT, 'bench/web/preact.vitest.config.ts'),
      '--reporter=json',
      `--outputFile=${output}`,
    ],
    { cwd: ROOT, env: { ...process.env, PREACT_DIR: preactDir, TZ: 'UTC' }, stdio: 'ignore' },
  );
  const result = JSON.parse(readFileSync(output, 'utf8')) as VitestJson;
  const lines = [
    `web component suite under preact/compat: ${result.numPassedTests} passed, ${result.numFailedTests} failed of ${result.numTotalTests}`,
  ];
  for (const file of result.testResults) {
    const failed = file.assertionResults.filter((t) => t.status === 'failed');
    if (failed.length === 0) continue;
    const first = stripVTControlCharacters(failed[0]!.failureMessages[0] ?? '')
      .split('\n')[0]!
      .slice(0, 160);
    lines.push(
      `  ${path.relative(WEB, file.name)}: ${failed.length} of ${file.assertionResults.length} failed — ${first}`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'antenne-preact-compare-'));
  try {
    const preactDir = installPreact(folder);
    const reactDist = path.join(folder, 'dist-react');
    const preactDist = path.join(folder, 'dist-preact');
    await buildWeb(reactDist);
    await buildWeb(preactDist, preactAliases(preactDir));
    console.log(`React ${reactVersion()} against Preact ${VERSION} (preact/compat)`);
    console.log(sizeReport(measureSizes(reactDist), measureSizes(preactDist)));
    if (ONLY === undefined || ONLY === 'lighthouse')
      console.log(
        `\n${await lighthouseReport([
          { name: `React ${reactVersion()}`, dist: reactDist },
          { name: `Preact ${VERSION}`, dist: preactDist },
        ])}`,
      );
    if (ONLY === undefined || ONLY === 'tests') console.log(`\n${testReport(preactDir, folder)}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
