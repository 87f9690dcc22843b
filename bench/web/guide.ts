/**
 * The programme guide's two figures, in the system Chromium (playwright-core) with DevTools'
 * applied throttling of a cheap phone (4× slower CPU, Lighthouse's mobile 4G: 150 ms round trip,
 * 1.6 Mbit/s down):
 *
 * - first paint: a cold load of /guide (a fresh browser context, nothing cached) → the frame that
 *   paints the programme on air (the link to its details whose text says « En direct »), in the
 *   grid (1280×720) and in the phone's list (412×823);
 * - keyboard movement: a key press (ArrowRight, ArrowDown, PageDown) on the grid → the frame that
 *   paints the newly focused programme (PageDown reads the next day's EPG: its call is in the
 *   figure).
 *
 * Each against a baseline measured in the same run and browser under the same throttling: the
 * first contentful paint of one static heading from a bare Node server, and a key press moving
 * the focus between two links of a bare page. Medians of the runs.
 */
import { createServer } from 'node:http';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { median } from '../support/median.js';

const LIVE_TEXT = 'En direct';
const KEYS = ['ArrowRight', 'ArrowDown', 'PageDown'] as const;
const PRESSES_PER_RUN = 3;

/** In every page: the time of the on-air programme's paint, and of a key press and the focus it moves painted. */
const PROBE = `
  window.__bench = { liveAt: undefined, keyAt: undefined, movedAt: undefined, from: undefined };
  const painted = (set) => requestAnimationFrame(() => setTimeout(() => set(performance.now())));
  const findLive = () => {
    if (window.__bench.liveAt !== undefined || window.__bench.liveSeen) return;
    for (const link of document.querySelectorAll('a[href*="/details/epg/"]')) {
      if (link.textContent.includes(${JSON.stringify(LIVE_TEXT)})) {
        window.__bench.liveSeen = true;
        painted((t) => { window.__bench.liveAt = t; });
        return;
      }
    }
  };
  new MutationObserver(findLive).observe(document, { subtree: true, childList: true });
  document.addEventListener('keydown', (event) => {
    window.__bench.keyAt = performance.now();
    window.__bench.movedAt = undefined;
    window.__bench.from = document.activeElement;
  }, true);
  document.addEventListener('focusin', (event) => {
    const b = window.__bench;
    if (b.keyAt === undefined || b.movedAt !== undefined || event.target === b.from) return;
    if (!(event.target instanceof HTMLElement) || event.target.dataset.program === undefined) return;
    b.movedAt = null;
    painted((t) => { b.movedAt = t; });
  }, true);
`;

const BARE_PAGE = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Baseline</title></head>
<body><h1>Baseline</h1><div role="grid"><a href="#a" data-program="a">A</a> <a href="#b" data-program="b">B</a></div>
<script>
  const links = [...document.querySelectorAll('a')];
  document.addEventListener('keydown', (e) => {
    e.preventDefault();
    const at = links.indexOf(document.activeElement);
    links[(at + 1) % links.length].focus();
  });
</script></body></html>`;

export interface GuideFigures {
  /** ms from navigation to the on-air programme painted: the grid, the phone's list. */
  gridPaint: number[];
  listPaint: number[];
  /** ms to the bare page's first contentful paint. */
  barePaint: number[];
  /** ms from the key press to the focused programme painted, per key; and the bare page's. */
  keys: Record<(typeof KEYS)[number], number[]>;
  bareKey: number[];
}

function startBare(): Promise<{ url: string; close: () => void }> {
  return new Promise((resolve) => {
    const server = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BARE_PAGE),
    );
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.close() });
    });
  });
}

/** A cold page (new context) under the cheap phone's throttling. */
async function coldPage(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const phone = viewport.width < 600;
  const context = await browser.newContext({
    locale: 'fr-FR',
    timezoneId: 'UTC',
    viewport,
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  await context.addInitScript(PROBE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6384 * 1024 * 1024) / 8,
    uploadThroughput: (0.675 * 1024 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}

const read = <T>(page: Page, key: string) =>
  page.evaluate(
    (k) => (window as unknown as { __bench: Record<string, unknown> }).__bench[k],
    key,
  ) as Promise<T>;

async function waitFor(page: Page, key: string): Promise<number> {
  await page.waitForFunction(
    (k) => typeof (window as unknown as { __bench: Record<string, unknown> }).__bench[k] === 'number',
    key,
    { timeout: 60_000, polling: 50 },
  );
  return read<number>(page, key);
}

/** A key press → the newly focused programme painted (ms). */
async function press(page: Page, key: string): Promise<number> {
  await page.keyboard.press(key);
  const movedAt = await waitFor(page, 'movedAt');
  return movedAt - (await read<number>(page, 'keyAt'));
}

async function guideRun(browser: Browser, url: string, figures: GuideFigures): Promise<void> {
  const grid = await coldPage(browser, { width: 1280, height: 720 });
  await grid.page.goto(`${url}/guide`);
  figures.gridPaint.push(await waitFor(grid.page, 'liveAt'));
  // Keys move the focus once the app runs: it starts after the first paint (apps/web/src/main.tsx).
  await grid.page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
  // The grid's one tab stop is the programme on air: focus it, then move.
  await grid.page.locator('[role="grid"] a[tabindex="0"]').focus();
  for (const key of KEYS)
    for (let i = 0; i < (key === 'PageDown' ? 1 : PRESSES_PER_RUN); i++)
      figures.keys[key].push(await press(grid.page, key));
  await grid.context.close();

  const list = await coldPage(browser, { width: 412, height: 823 });
  await list.page.goto(`${url}/guide`);
  figures.listPaint.push(await waitFor(list.page, 'liveAt'));
  await list.context.close();
}

async function bareRun(browser: Browser, url: string, figures: GuideFigures): Promise<void> {
  const { context, page } = await coldPage(browser, { width: 1280, height: 720 });
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  figures.barePaint.push(
    await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime),
  );
  await page.locator('a').first().focus();
  for (let i = 0; i < PRESSES_PER_RUN; i++) figures.bareKey.push(await press(page, 'ArrowRight'));
  await context.close();
}

/** `runs` interleaved runs of the guide and the bare baseline. */
export async function measureGuide(
  appUrl: string,
  chromiumPath: string,
  runs: number,
): Promise<GuideFigures> {
  const bare = await startBare();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const figures: GuideFigures = {
    gridPaint: [],
    listPaint: [],
    barePaint: [],
    keys: { ArrowRight: [], ArrowDown: [], PageDown: [] },
    bareKey: [],
  };
  try {
    // One warm-up of each: the server's first EPG answers (its schedule top-up) are not a visitor's.
    await guideRun(browser, appUrl, {
      ...figures,
      gridPaint: [],
      listPaint: [],
      keys: { ArrowRight: [], ArrowDown: [], PageDown: [] },
    });
    for (let i = 0; i < runs; i++) {
      await bareRun(browser, bare.url, figures);
      await guideRun(browser, appUrl, figures);
    }
    return figures;
  } finally {
    await browser.close();
    bare.close();
  }
}

/** The table: median, the runs, and the ratio to the baseline. */
export function guideReport(f: GuideFigures): string {
  const rows: string[][] = [['guide', 'median ms', 'baseline ms', 'ratio', 'runs ms']];
  const row = (name: string, values: number[], base: number[]) =>
    rows.push([
      name,
      median(values).toFixed(0),
      median(base).toFixed(0),
      `${(median(values) / median(base)).toFixed(1)}×`,
      values.map((v) => v.toFixed(0)).join(' '),
    ]);
  row('first paint, grid (on air painted)', f.gridPaint, f.barePaint);
  row('first paint, phone list', f.listPaint, f.barePaint);
  for (const key of KEYS) row(`key ${key} → focus painted`, f.keys[key], f.bareKey);
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) => r.map((cell, c) => cell.padEnd(widths[c]!)).join('  ')).join('\n');
}
