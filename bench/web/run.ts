/**
 * Lighthouse on the built web app (mobile form factor, simulated 4G throttling and a 4× slower CPU:
 * Lighthouse's default), against the built server with a fresh DATA_DIR and the system Chromium.
 *
 *   npm run bench:web            (builds first, from the repository root)
 *   BENCH_WEB_RUNS=3 npm run bench:web -w bench
 *
 * Pages: the home page, a title's details, search results and the programme guide. For each it prints the performance
 * and accessibility scores (median of BENCH_WEB_RUNS runs) and the metrics behind them, with the
 * same figures for a baseline measured in the same run: a static page of one heading from a bare
 * Node server (what the machine and throttling allow at best), so the figures read as a distance
 * from this machine's ceiling. The target: performance ≥ 95 on each page.
 *
 * Then the programme guide's first paint and keyboard movement time (guide.ts), against a bare
 * page in the same browser. BENCH_WEB_ONLY=guide runs that part alone, BENCH_WEB_ONLY=lighthouse
 * the other.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { boundedInt, startApp, stop } from '../support/server.js';
import { guideReport, measureGuide } from './guide.js';
import { audit, CHROMIUM, launchChromium, median, type Result } from './lighthouse.js';

const RUNS = boundedInt(process.env.BENCH_WEB_RUNS, 3, 1, 9);
const TARGET = 95;
const ONLY = process.env.BENCH_WEB_ONLY;
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'details', path: '/details/vod/film-le-dernier-ete-de-l-empire' },
  { name: 'search', path: '/search?q=ete' },
  { name: 'guide', path: '/guide' },
];

/** The baseline: one static heading from a bare Node server, what this machine and throttling allow at best. */
const BASELINE_HTML =
  '<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Baseline</title></head><body><h1>Baseline</h1></body></html>';

function startBaseline(): Promise<{ url: string; close: () => void }> {
  return new Promise((resolve) => {
    const server = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BASELINE_HTML),
    );
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`,
        close: () => server.close(),
      });
    });
  });
}

async function lighthouseTable(appUrl: string): Promise<void> {
  const baseline = await startBaseline();
  const chrome = await launchChromium();
  try {
    console.log(`Lighthouse ${RUNS}× per page (mobile, simulated throttling), ${appUrl}`);
    const rows: string[][] = [['page', 'perf', 'a11y', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'JS kB (wire)']];
    const verdicts: string[] = [];
    for (const page of [{ name: 'baseline', path: '' }, ...PAGES]) {
      const url = page.name === 'baseline' ? baseline.url : `${appUrl}${page.path}`;
      const runs: Result[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(url, chrome.port));
      const m = (key: keyof Result) => median(runs.map((r) => r[key]));
      rows.push([
        page.name,
        String(m('performance')),
        String(m('accessibility')),
        m('fcp').toFixed(0),
        m('lcp').toFixed(0),
        m('tbt').toFixed(0),
        m('cls').toFixed(3),
        m('scriptKb').toFixed(1),
      ]);
      if (page.name !== 'baseline')
        verdicts.push(
          `${page.name}: performance ${m('performance')} ${m('performance') >= TARGET ? '≥' : '<'} ${TARGET}`,
        );
    }
    const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
    for (const row of rows) console.log(row.map((cell, c) => cell.padEnd(widths[c]!)).join('  '));
    console.log(`\ntarget (issue "Browsing"): performance ≥ ${TARGET}\n${verdicts.join('\n')}`);
  } finally {
    await chrome.kill();
    baseline.close();
  }
}

async function main(): Promise<void> {
  if (CHROMIUM === undefined) throw new Error("no Chromium: install Debian's chromium or set CHROMIUM_PATH");
  const dataDir = mkdtempSync(path.join(tmpdir(), 'antenne-bench-web-'));
  const app = await startApp({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  });
  try {
    if (ONLY !== 'guide') await lighthouseTable(app.url);
    if (ONLY !== 'lighthouse') {
      console.log(`\nThe guide: ${RUNS} cold run(s) after a warm-up, 4× CPU, 4G (applied), ${app.url}`);
      console.log(guideReport(await measureGuide(app.url, CHROMIUM, RUNS)));
    }
  } finally {
    await stop(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
