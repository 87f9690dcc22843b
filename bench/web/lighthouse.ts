import { CHROMIUM, CHROMIUM_FLAGS } from '../support/chromium.js';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/**
 * Lighthouse 12 on one URL (mobile form factor, simulated 4G and a 4× slower CPU: its defaults) in
 * the system Chromium: what `bench:web` (run.ts) measures.
 */

export { CHROMIUM };

export interface Result {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptKb: number;
  /** JavaScript execution time on the main thread (Lighthouse's bootup-time: evaluation, parse, compile). */
  scriptMs: number;
  /**
   * Where the main thread's time went (BENCH_WEB_TRACE=1 prints it): each script's time (bootup-time:
   * total, of which scripting), and the long tasks with the script Lighthouse attributes them to, in
   * the 4× slower CPU's milliseconds.
   */
  attribution: {
    scripts: { url: string; total: number; scripting: number }[];
    longTasks: { url: string; start: number; duration: number }[];
    work: { group: string; duration: number }[];
    /** The element of the largest paint, and the elements that shifted (their snippets). */
    lcpElement: string;
    shifts: { element: string; score: number }[];
  };
}

/** The median of the runs that gave a figure (Lighthouse leaves a metric NaN when its audit errs). */
export { median } from '../support/median.js';

/** Headless Chromium for Lighthouse to drive (kill it when done). */
export function launchChromium(): Promise<chromeLauncher.LaunchedChrome> {
  if (CHROMIUM === undefined) throw new Error("no Chromium: install Debian's chromium or set CHROMIUM_PATH");
  return chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
}

export async function audit(url: string, port: number): Promise<Result> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (result === undefined) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const numeric = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
  const scripts =
    (
      lhr.audits['resource-summary']?.details as
        { items?: { resourceType: string; transferSize: number }[] } | undefined
    )?.items ?? [];
  // A score Lighthouse could not compute (an audit in error) is null: no figure, not 0.
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : NaN;
  };
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    scriptKb: (scripts.find((i) => i.resourceType === 'script')?.transferSize ?? 0) / 1024,
    scriptMs: numeric('bootup-time'),
    attribution: {
      scripts: (
        (
          lhr.audits['bootup-time']?.details as {
            items?: { url: string; total: number; scripting: number }[];
          }
        )?.items ?? []
      ).map(({ url, total, scripting }) => ({ url, total, scripting })),
      longTasks: (
        (
          lhr.audits['long-tasks']?.details as {
            items?: { url: string; startTime: number; duration: number }[];
          }
        )?.items ?? []
      ).map(({ url, startTime, duration }) => ({ url, start: startTime, duration })),
      work: (
        (
          lhr.audits['mainthread-work-breakdown']?.details as
            { items?: { groupLabel: string; duration: number }[] } | undefined
        )?.items ?? []
      ).map(({ groupLabel, duration }) => ({ group: groupLabel, duration })),
      lcpElement: snippets(lhr.audits['largest-contentful-paint-element']?.details)[0] ?? '',
      shifts: (
        (
          lhr.audits['layout-shifts']?.details as {
            items?: { node?: { snippet?: string }; score?: number }[];
          }
        )?.items ?? []
      ).map((item) => ({ element: item.node?.snippet ?? '(no element)', score: item.score ?? 0 })),
    },
  };
}

/** The HTML snippets of the nodes an audit's details name (a table's, or a list of tables'). */
function snippets(details: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (record.type === 'node' && typeof record.snippet === 'string') found.push(record.snippet);
      else Object.values(record).forEach(walk);
    }
  };
  walk(details);
  return found;
}
