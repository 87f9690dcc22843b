/**
 * Lighthouse on the built web app (mobile form factor, simulated 4G throttling and a 4× slower CPU:
 * Lighthouse's default), against the built server with a fresh DATA_DIR and the system Chromium.
 *
 *   npm run bench:web            (builds first, from the repository root)
 *   BENCH_WEB_RUNS=3 BENCH_WEB_PAGES=home,film npm run bench:web -w bench
 *
 * Pages (BENCH_WEB_PAGES picks some): home, a film's details, a series' details, search results, a
 * category page, a mosaic and the programme guide, their ids read from the running server's API. For
 * each, the median of BENCH_WEB_RUNS runs of the performance and accessibility scores and the metrics
 * behind them, beside the static baseline page of the same content (baseline.ts) measured in the same
 * run, interleaved: the ratios to it, and PASS/FAIL against the issue's targets.
 *
 * Then the programme guide's first paint and keyboard movement time (guide.ts), against a bare
 * page in the same browser. BENCH_WEB_ONLY=guide runs that part alone, BENCH_WEB_ONLY=lighthouse
 * the other.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SANDWICH, V1 } from '../api/measure.js';
import { median } from '../support/median.js';
import { audit, CHROMIUM, launchChromium, type Result } from './lighthouse.js';
import { boundedInt, startApp, stop } from '../support/server.js';
import { firstScreens, startBaseline } from './baseline.js';
import { guideReport, measureGuide } from './guide.js';

const RUNS = boundedInt(process.env.BENCH_WEB_RUNS, 3, 1, 9);
/** The issue's targets (done-when of issue 16), on the medians. */
const TARGET = { performance: 95, lcp: 2000, tbt: 200, cls: 0.02 };
const ONLY = process.env.BENCH_WEB_ONLY;
const PICKED = process.env.BENCH_WEB_PAGES?.split(',').map((name) => name.trim());
interface PageSpec {
  name: string;
  path: string;
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** The pages, their ids taken from what the server publishes (the demo catalogue may change). */
async function pagesOf(appUrl: string): Promise<PageSpec[]> {
  type Assets = { items: { assetId: string; localized: { locale: string; title?: string }[] }[] };
  const first = async (assetType: string) => {
    const { items } = await json<Assets>(
      `${appUrl}${V1}/content/asset?assetType=${assetType}&onlyPublished=true&allowedCountry=FR&sort=-popularity&pageSize=1`,
    );
    if (!items[0]) throw new Error(`no published ${assetType}`);
    return items[0];
  };
  const film = await first('MOVIE');
  const series = await first('TV_SHOW');
  // A word of the film's French title: the search finds at least that film.
  const title = film.localized.find((l) => l.locale === 'fr')?.title ?? film.localized[0]?.title ?? '';
  const word = title.split(/[^\p{L}]+/u).find((w) => w.length >= 4) ?? title;
  const menu = await json<{
    components: { menuItems: { actions?: { default?: { url?: string } } }[] };
  }>(`${appUrl}${SANDWICH}/component/main-menu`);
  const category = menu.components.menuItems
    .map((item) => item.actions?.default?.url)
    .find((url) => url?.startsWith('/vod/'));
  const home = await json<{
    components: { pageBody: { appType: string; referenceId: string; hasAuthorizedContent?: boolean }[] };
  }>(`${appUrl}${SANDWICH}/component/home`);
  // A carousel of everyone's titles (not a signed-in person's favourites or progress).
  const lane = home.components.pageBody.find(
    (c) => c.appType === 'carousel' && c.hasAuthorizedContent !== true,
  );
  if (category === undefined || lane === undefined)
    throw new Error('no category page or carousel in the structure');
  return [
    { name: 'home', path: '/' },
    { name: 'film', path: `/details/vod/${encodeURIComponent(film.assetId)}` },
    { name: 'series', path: `/details/vod/${encodeURIComponent(series.assetId)}` },
    { name: 'search', path: `/search?q=${encodeURIComponent(word.toLowerCase())}` },
    { name: 'category', path: category },
    { name: 'mosaic', path: `/mosaic/${encodeURIComponent(lane.referenceId)}` },
    { name: 'guide', path: '/guide' },
  ];
}

type Medians = Record<Exclude<keyof Result, 'scriptMs'>, number>;

function mediansOf(runs: Result[]): Medians {
  const keys = ['performance', 'accessibility', 'fcp', 'lcp', 'tbt', 'cls', 'scriptKb'] as const;
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((r) => r[key]))])) as Medians;
}

/** The targets a page misses (NaN, a figure Lighthouse could not give, misses too). */
function missed(m: Medians): string[] {
  return [
    ...(m.performance >= TARGET.performance ? [] : [`performance ${m.performance} < ${TARGET.performance}`]),
    ...(m.lcp <= TARGET.lcp ? [] : [`LCP ${m.lcp.toFixed(0)} ms > ${TARGET.lcp}`]),
    ...(m.tbt <= TARGET.tbt ? [] : [`TBT ${m.tbt.toFixed(0)} ms > ${TARGET.tbt}`]),
    ...(m.cls <= TARGET.cls ? [] : [`CLS ${m.cls.toFixed(3)} > ${TARGET.cls}`]),
  ];
}

const cells = (m: Medians) => [
  String(m.performance),
  String(m.accessibility),
  m.fcp.toFixed(0),
  m.lcp.toFixed(0),
  m.tbt.toFixed(0),
  m.cls.toFixed(3),
  m.scriptKb.toFixed(1),
];

/** Where each run's main-thread time went (BENCH_WEB_TRACE=1): scripts by time, then the long tasks. */
function printAttribution(name: string, runs: Result[]): void {
  const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '') || url;
  runs.forEach(({ attribution, tbt }, i) => {
    console.log(
      `\n${name} run ${i + 1} (TBT ${tbt.toFixed(0)} ms), script time (ms, 4× CPU): total / scripting`,
    );
    for (const script of attribution.scripts.slice(0, 10))
      console.log(
        `  ${script.total.toFixed(0).padStart(6)} / ${script.scripting.toFixed(0).padStart(6)}  ${short(script.url)}`,
      );
    console.log(
      `  main thread by kind: ${attribution.work.map((w) => `${w.group} ${w.duration.toFixed(0)}`).join(', ')}`,
    );
    console.log(`  largest paint: ${attribution.lcpElement.slice(0, 160)}`);
    for (const shift of attribution.shifts.slice(0, 5))
      console.log(`  layout shift ${shift.score.toFixed(3)}: ${shift.element.slice(0, 160)}`);
    console.log('  long tasks (start ms, duration ms, attributed to):');
    for (const task of attribution.longTasks.slice(0, 15))
      console.log(
        `  ${task.start.toFixed(0).padStart(6)} ${task.duration.toFixed(0).padStart(6)}  ${short(task.url)}`,
      );
  });
}

async function lighthouseTable(appUrl: string): Promise<void> {
  const pages = (await pagesOf(appUrl)).filter((page) => PICKED === undefined || PICKED.includes(page.name));
  if (pages.length === 0) throw new Error(`BENCH_WEB_PAGES=${process.env.BENCH_WEB_PAGES} names no page`);
  const chrome = await launchChromium();
  let baseline: Awaited<ReturnType<typeof startBaseline>> | undefined;
  try {
    baseline = await startBaseline(appUrl, await firstScreens(chrome.port, appUrl, pages));
    console.log(
      `Lighthouse ${RUNS}× per page and per baseline, interleaved (mobile, simulated throttling), ${appUrl}`,
    );
    const rows: string[][] = [
      [
        'page',
        'perf',
        'a11y',
        'FCP ms',
        'LCP ms',
        'TBT ms',
        'CLS',
        'JS kB',
        'FCP ×',
        'LCP ×',
        'perf Δ',
        'verdict',
      ],
    ];
    const verdicts: string[] = [];
    for (const page of pages) {
      const runs: Result[] = [];
      const baseRuns: Result[] = [];
      for (let i = 0; i < RUNS; i++) {
        baseRuns.push(await audit(baseline.url + page.name, chrome.port));
        runs.push(await audit(appUrl + page.path, chrome.port));
      }
      if (process.env.BENCH_WEB_TRACE === '1') printAttribution(page.name, runs);
      const m = mediansOf(runs);
      const base = mediansOf(baseRuns);
      const misses = missed(m);
      rows.push([
        `${page.name} ${page.path}`,
        ...cells(m),
        (m.fcp / base.fcp).toFixed(2),
        (m.lcp / base.lcp).toFixed(2),
        String(m.performance - base.performance),
        misses.length === 0 ? 'PASS' : 'FAIL',
      ]);
      rows.push(['  its static baseline', ...cells(base), '', '', '', '']);
      verdicts.push(`${page.name}: ${misses.length === 0 ? 'PASS' : `FAIL (${misses.join(', ')})`}`);
    }
    const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
    for (const row of rows)
      console.log(
        row
          .map((cell, c) => cell.padEnd(widths[c]!))
          .join('  ')
          .trimEnd(),
      );
    console.log(
      `\nFCP × and LCP ×: the page's median over its baseline's; perf Δ: the page's score minus its baseline's.` +
        `\nTargets (issue 16, medians): performance ≥ ${TARGET.performance}, LCP ≤ ${TARGET.lcp} ms, ` +
        `TBT ≤ ${TARGET.tbt} ms, CLS ≤ ${TARGET.cls}\n${verdicts.join('\n')}`,
    );
  } finally {
    await chrome.kill();
    baseline?.close();
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
