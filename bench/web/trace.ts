/**
 * Where a page's main-thread time goes, attributed to code: a Chromium performance trace of a cold
 * load at a 4× slower CPU (DevTools' CPU throttling, as Lighthouse's mobile preset assumes), then
 * every long task (≥ 50 ms once slowed) with what filled it — the trace events under it by kind
 * (parsing, style and layout, paint, script evaluation, function calls, garbage collection) and the
 * scripts whose evaluation or calls took the most, by URL and function.
 *
 *   npm run bench:web:trace -w bench              (after `npm run build`; BENCH_TRACE_PAGES=/,/guide)
 *
 * No target: this is the tool that says what to fix when bench:web fails (bench/README.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../support/chromium.js';
import { startApp, stop } from '../support/server.js';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; functionName?: string; frame?: string }; beginData?: { url?: string } };
}

const SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
};

/** What a trace event is, in a few words (its kind for the report). */
function kindOf(event: TraceEvent): string | undefined {
  switch (event.name) {
    case 'ParseHTML':
      return 'parse HTML';
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'Paint':
    case 'PaintImage':
    case 'Decode Image':
    case 'ImageDecodeTask':
    case 'PrePaint':
    case 'Layerize':
    case 'UpdateLayer':
      return 'paint';
    case 'EvaluateScript':
    case 'v8.compile':
    case 'v8.compileModule':
    case 'v8.evaluateModule':
      return 'script evaluation';
    case 'FunctionCall':
    case 'TimerFire':
    case 'EventDispatch':
    case 'FireAnimationFrame':
    case 'RunMicrotasks':
    case 'v8.run':
      return 'script calls';
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GCScavenger':
    case 'V8.GCFinalizeMC':
    case 'BlinkGC.AtomicPhase':
      return 'garbage collection';
    case 'ParseAuthorStyleSheet':
      return 'parse CSS';
    default:
      return undefined;
  }
}

const short = (url: string | undefined) => (url ?? '').replace(/^https?:\/\/[^/]+/, '') || '(page)';

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** The V8 CPU profile's samples in the trace (ProfileChunk events): each a frame and its time. */
function cpuSamples(
  events: TraceEvent[],
  pid: number,
): { ts: number; ms: number; frame: string; caller: string }[] {
  const nodes = new Map<number, ProfileNode>();
  const out: { ts: number; ms: number; frame: string; caller: string }[] = [];
  const name = (frame: ProfileNode['callFrame'] | undefined) =>
    frame ? `${frame.functionName || '(anonymous)'} ${short(frame.url)}:${frame.lineNumber + 1}` : '';
  const profile = events.find((event) => event.name === 'Profile' && event.pid === pid) as
    (TraceEvent & { args: { data: { startTime: number } } }) | undefined;
  let ts = profile?.args.data.startTime ?? 0;
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || event.pid !== pid) continue;
    const data = (
      event.args as {
        data?: { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] };
      }
    ).data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((id, i) => {
      ts += deltas[i] ?? 0;
      const node = nodes.get(id);
      const frame = node?.callFrame;
      if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') return;
      const next = deltas[i + 1] ?? 0;
      const parent = node?.parent === undefined ? undefined : nodes.get(node.parent);
      out.push({ ts, ms: next / 1000, frame: name(frame), caller: name(parent?.callFrame) });
    });
  }
  return out;
}

async function tracePage(url: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) => void events.push(...(data.value as unknown as TraceEvent[])));
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      categories: [
        'toplevel',
        'blink',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'v8',
        'blink.user_timing',
        'loading',
        'disabled-by-default-v8.cpu_profiler',
      ].join(','),
      transferMode: 'ReportEvents',
    });
    await page.goto(url, { waitUntil: 'load' });
    // The page settles: its app started and hydrated, what waits for idle has come.
    await page.waitForTimeout(6_000);
    if (!(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))))
      console.log(`${url}: the page was not live after 6 s`);
    await cdp.send('Tracing.end');
    await done;

    // The page's main thread: of the renderers' main threads, the busiest.
    const mains = events.filter(
      (event) =>
        event.ph === 'M' &&
        event.name === 'thread_name' &&
        (event.args as { name?: string })?.name === 'CrRendererMain',
    );
    const busy = (pid: number, tid: number) =>
      events
        .filter((event) => event.pid === pid && event.tid === tid && event.name === 'RunTask')
        .reduce((sum, event) => sum + (event.dur ?? 0), 0);
    const parse = mains.sort((a, b) => busy(b.pid, b.tid) - busy(a.pid, a.tid))[0];
    if (!parse) throw new Error('no renderer main thread in the trace');
    const main = events.filter(
      (event) => event.pid === parse.pid && event.tid === parse.tid && event.ph === 'X',
    );
    const tasks = main.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) / 1000 >= LONG_TASK_MS);
    const start = Math.min(...main.map((event) => event.ts));
    const samples = cpuSamples(events, parse.pid);
    let blocking = 0;
    console.log(`\n${url} — long tasks at ${SLOWDOWN}× CPU (start ms, duration ms):`);
    for (const task of tasks) {
      const end = task.ts + (task.dur ?? 0);
      const inside = main.filter((event) => event !== task && event.ts >= task.ts && event.ts < end);
      const byKind = new Map<string, number>();
      const byScript = new Map<string, number>();
      for (const event of inside) {
        const kind = kindOf(event);
        if (kind === undefined) continue;
        // Only the outermost event of a kind counts (a FunctionCall inside a FunctionCall is not twice).
        const nested = inside.some(
          (outer) =>
            outer !== event &&
            kindOf(outer) === kind &&
            outer.ts <= event.ts &&
            outer.ts + (outer.dur ?? 0) >= event.ts + (event.dur ?? 0) &&
            (outer.dur ?? 0) > (event.dur ?? 0),
        );
        if (nested) continue;
        byKind.set(kind, (byKind.get(kind) ?? 0) + (event.dur ?? 0) / 1000);
        if (kind.startsWith('script')) {
          const data: { url?: string; functionName?: string } | undefined =
            event.args?.data ?? event.args?.beginData;
          const where = `${short(data?.url)}${data?.functionName ? ` ${data.functionName}` : ''}`;
          byScript.set(where, (byScript.get(where) ?? 0) + (event.dur ?? 0) / 1000);
        }
      }
      // Work of no kind above, by trace event name (nested ones counted in each): what fills the rest.
      const unnamed = new Map<string, number>();
      for (const event of inside) {
        if (kindOf(event) !== undefined || event.name.endsWith('RunTask')) continue;
        unnamed.set(event.name, (unnamed.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
      }
      const duration = (task.dur ?? 0) / 1000;
      blocking += duration - LONG_TASK_MS;
      const kinds = [...byKind].sort((a, b) => b[1] - a[1]).map(([k, ms]) => `${k} ${ms.toFixed(0)}`);
      console.log(
        `  ${((task.ts - start) / 1000).toFixed(0).padStart(6)} ${duration.toFixed(0).padStart(5)}  ${kinds.join(', ')}`,
      );
      const others = [...unnamed]
        .filter(([, ms]) => ms >= 5)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6);
      if (others.length > 0)
        console.log(
          `${' '.repeat(16)}other: ${others.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(', ')}`,
        );
      for (const [where, ms] of [...byScript].sort((a, b) => b[1] - a[1]).slice(0, 3))
        console.log(`${' '.repeat(16)}${ms.toFixed(0).padStart(5)}  ${where}`);
      // The functions the CPU profiler found running most in the task (self time, sampled).
      const self = new Map<string, number>();
      for (const sample of samples) {
        if (sample.ts < task.ts || sample.ts >= end) continue;
        self.set(sample.frame, (self.get(sample.frame) ?? 0) + sample.ms);
      }
      for (const [frame, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 5))
        if (ms >= 1) console.log(`${' '.repeat(16)}${ms.toFixed(0).padStart(5)}  ▸ ${frame}`);
    }
    console.log(`  blocking time (Σ long task − ${LONG_TASK_MS} ms, whole load): ${blocking.toFixed(0)} ms`);
    // The functions that ran most in all long tasks together (self time, sampled): what to look at
    // first (build with \`vite build --minify false\` for their names).
    const overall = new Map<string, number>();
    for (const sample of samples) {
      if (!tasks.some((task) => sample.ts >= task.ts && sample.ts < task.ts + (task.dur ?? 0))) continue;
      const key = `${sample.frame}  ← ${sample.caller}`;
      overall.set(key, (overall.get(key) ?? 0) + sample.ms);
    }
    console.log('  functions by self time in long tasks (ms):');
    for (const [frame, ms] of [...overall].sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`    ${ms.toFixed(0).padStart(5)}  ${frame}`);
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  if (CHROMIUM === undefined) throw new Error("no Chromium: install Debian's chromium or set CHROMIUM_PATH");
  const dataDir = mkdtempSync(path.join(tmpdir(), 'antenne-trace-'));
  const app = await startApp({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  try {
    const pages = (process.env.BENCH_TRACE_PAGES ?? '/').split(',').filter(Boolean);
    // One visit first: the images are resized and cached by the server, as for any visitor after the first.
    for (const page of pages) await fetch(app.url + page, { headers: { accept: 'text/html' } });
    for (const page of pages) await tracePage(app.url + page);
  } finally {
    await stop(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
