import {
  CRASH_PAYLOAD_MAX_CHARS,
  CRASH_REPORT_DELAY_MS,
  type CrashKind,
  type CrashReport,
} from '@antenne/contract';
import { fingerprintOf } from './fingerprint';

/** Reports a page sends per minute, at most (the server has its own limit, CRASH_RATE_LIMIT). */
export const CRASH_REPORTS_PER_MINUTE = 5;
const MINUTE_MS = 60_000;
const ROUTE_MAX = 512;
const USER_AGENT_MAX = 256;

/** A report without its consent string, and the error it was made from (for Sentry). */
export interface Crash {
  report: Omit<CrashReport, 'consent'>;
  error: unknown;
}

/** A crash as the page caught it (index.ts): what was thrown, by what, where and when (ms since the epoch). */
export interface CapturedCrash {
  thrown: unknown;
  kind: CrashKind;
  route: string;
  at: number;
}

/** Where reports go once the app's config is known: our server, or Sentry. */
export interface CrashSink {
  send(crash: Crash): Promise<void>;
}

export interface CrashReporterOptions {
  release: string;
  /** Whether audience measurement is accepted now (lib/analytics/consent's hasConsent('analytics')). */
  consented: () => boolean;
  userAgent?: () => string | undefined;
  now?: () => number;
}

// A lone surrogate (the server refuses one); NUL (PostgreSQL cannot store one) is replaced apart.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const clean = (text: string) =>
  text.replace(LONE_SURROGATE, '\uFFFD').replaceAll(String.fromCharCode(0), '\uFFFD');

/** `text` without its last `chars` characters, never cutting a surrogate pair in two. */
function cut(text: string, chars: number): string {
  let kept = text.slice(0, Math.max(0, text.length - chars));
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return kept;
}

/**
 * The report held to the spec's cap (part 1 §9: 2048 characters of JSON, consent included): the
 * stack is shortened first, then the message.
 */
export function capReport(report: CrashReport, max = CRASH_PAYLOAD_MAX_CHARS): CrashReport {
  let capped = { ...report };
  for (let over = JSON.stringify(capped).length - max; over > 0; over = JSON.stringify(capped).length - max) {
    if (capped.stack) {
      const stack = cut(capped.stack, over);
      capped = { ...capped, stack };
      if (stack === '') delete capped.stack;
    } else if (capped.message.length > 1) {
      capped = { ...capped, message: cut(capped.message, Math.min(over, capped.message.length - 1)) || '…' };
    } else {
      delete capped.userAgent;
      if (JSON.stringify(capped).length > max) return capped;
    }
  }
  return capped;
}

/** The message and stack of whatever was thrown (an Error, a string, an object). */
export function describeThrown(thrown: unknown): { message: string; stack: string | undefined } {
  if (thrown instanceof Error) {
    const name = thrown.name || 'Error';
    const text = thrown.message ? `${name}: ${thrown.message}` : name;
    return {
      message: clean(text),
      stack: typeof thrown.stack === 'string' ? clean(thrown.stack) : undefined,
    };
  }
  let text: string;
  try {
    text = typeof thrown === 'string' ? thrown : (JSON.stringify(thrown) ?? String(thrown));
  } catch {
    text = String(thrown);
  }
  return { message: clean(text.slice(0, CRASH_PAYLOAD_MAX_CHARS)) || 'unknown error', stack: undefined };
}

/**
 * The crash reporter (spec part 1 §4: a crash or unhandled rejection is reported after 1 s),
 * framework-free: `capture` is given what was thrown; the report leaves CRASH_REPORT_DELAY_MS
 * later through the sink the app's config chooses, and only with audience-measurement consent
 * (asked at the crash and again as it leaves: a withdrawal in between stops it). One report per
 * fingerprint for the page's life, at most CRASH_REPORTS_PER_MINUTE a minute.
 */
export class CrashReporter {
  private readonly seen = new Set<string>();
  private sentAt: number[] = [];
  private sink: CrashSink | undefined;
  private waiting: Crash[] = [];
  private readonly now: () => number;

  constructor(private readonly options: CrashReporterOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Where reports go from now on; the reports waiting for it leave. */
  useSink(sink: CrashSink): void {
    this.sink = sink;
    const waiting = this.waiting;
    this.waiting = [];
    for (const crash of waiting) this.deliver(crash);
  }

  /**
   * Takes a crash in — what was thrown, what caught it, the route (pathname) and the time it
   * happened; answers whether a report of it will leave (false: no consent, seen, too many). The
   * report leaves CRASH_REPORT_DELAY_MS after `at` (at once if that is past).
   */
  capture({ thrown, kind, route, at }: CapturedCrash): boolean {
    if (!this.options.consented()) return false;
    const { message, stack } = describeThrown(thrown);
    const fingerprint = fingerprintOf(message, stack);
    if (this.seen.has(fingerprint)) return false;
    this.sentAt = this.sentAt.filter((sent) => at - sent < MINUTE_MS);
    if (this.sentAt.length >= CRASH_REPORTS_PER_MINUTE) return false;
    this.seen.add(fingerprint);
    this.sentAt.push(at);
    const userAgent = this.options.userAgent?.()?.slice(0, USER_AGENT_MAX);
    const report: Crash['report'] = {
      fingerprint,
      message: message.slice(0, CRASH_PAYLOAD_MAX_CHARS),
      ...(stack ? { stack: stack.slice(0, CRASH_PAYLOAD_MAX_CHARS) } : {}),
      route: routeOf(route),
      release: this.options.release,
      kind,
      ...(userAgent ? { userAgent: clean(userAgent) } : {}),
    };
    setTimeout(
      () => {
        if (this.sink) this.deliver({ report, error: thrown });
        else this.waiting.push({ report, error: thrown });
      },
      Math.max(0, at + CRASH_REPORT_DELAY_MS - this.now()),
    );
    return true;
  }

  private deliver(crash: Crash): void {
    // Withdrawn since the crash: nothing leaves.
    if (!this.options.consented() || !this.sink) return;
    this.sink.send(crash).catch(() => {
      // A report that cannot leave is not reported in turn.
    });
  }
}

/** The pathname alone, as the server accepts it. */
function routeOf(pathname: string): string {
  const path = clean(pathname.split(/[?#]/)[0] ?? '/');
  return (path.startsWith('/') ? path : `/${path}`).slice(0, ROUTE_MAX);
}
