import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { artifactsDir } from './paths.js';

/**
 * The browser to drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else a Chromium that
 * Playwright installed earlier. A test never downloads a browser.
 */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const candidate of candidates) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  try {
    const installed = chromium.executablePath();
    if (installed && existsSync(installed)) return installed;
  } catch {
    // playwright-core has no browser of its own: fall through to the message below.
  }
  throw new Error(
    'No Chromium found for the e2e tests. Install one with `sudo apt-get install chromium` ' +
      '(Debian/Ubuntu), or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
}

/** Flags this kind of machine needs for a headless Chromium with a closed network. */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), headless: true, args: FLAGS });
}

export interface PageOptions {
  locale?: string;
  viewport?: { width: number; height: number };
  /** Lets a test inject scripts (axe) despite the app's CSP. */
  bypassCSP?: boolean;
  /** Sent with every request of the page (X-Forwarded-For behind a trusted proxy...). */
  extraHTTPHeaders?: Record<string, string>;
  /** Runs in every document before the app's scripts (localStorage set as a returning visitor has it...). */
  initScript?: string;
  /** The browser's User-Agent (a phone's: the server lays its pages out for a phone). */
  userAgent?: string;
  /** false: a browser with JavaScript turned off. */
  javaScriptEnabled?: boolean;
  /**
   * The visitor's cookie choice before the first page: 'undecided' (the banner shows), or the
   * accepted optional categories. Default: a returning visitor who refused everything, so that
   * the banner covers no other test's page.
   */
  consent?: 'undecided' | ConsentCategory[];
}

export type ConsentCategory = 'analytics' | 'advertising';

/**
 * An init script writing the consent platform's cookie (`antenne_consent`, docs/consent.md) as
 * vanilla-cookieconsent does for a choice of `accepted`; `overwrite: false` keeps a choice the
 * visitor made in an earlier document of the context.
 */
export function consentCookieScript(accepted: readonly ConsentCategory[], overwrite = true): string {
  return `(() => {
    if (${!overwrite} && document.cookie.split('; ').some((c) => c.startsWith('antenne_consent='))) return;
    const stamp = new Date().toISOString();
    const value = { categories: ['necessary', ...${JSON.stringify(accepted)}], revision: 0, data: null,
      consentTimestamp: stamp, lastConsentTimestamp: stamp, consentId: '00000000-0000-4000-8000-000000000000',
      services: { necessary: [], analytics: [], advertising: [] }, expirationTime: Date.now() + 182 * 86400000 };
    document.cookie = 'antenne_consent=' + encodeURIComponent(JSON.stringify(value)) + '; path=/; max-age=15724800; samesite=lax';
  })();`;
}

export async function newPage(
  browser: Browser,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: options.locale ?? 'fr-FR',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.bypassCSP ? { bypassCSP: true } : {}),
    ...(options.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    ...(options.extraHTTPHeaders ? { extraHTTPHeaders: options.extraHTTPHeaders } : {}),
  });
  const consent = options.consent ?? [];
  if (consent !== 'undecided') await context.addInitScript(consentCookieScript(consent, false));
  if (options.initScript !== undefined) await context.addInitScript(options.initScript);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[browser] uncaught: ${error.message}`));
  return { context, page };
}

/** Keeps a screenshot of the page under e2e/artifacts when a test fails. */
export async function screenshotOnFailure(
  page: Page | undefined,
  name: string,
  failed: boolean,
): Promise<void> {
  if (!page || !failed) return;
  mkdirSync(artifactsDir, { recursive: true });
  const file = join(artifactsDir, `${name.replace(/[^a-z0-9-]+/gi, '_').slice(0, 120)}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  console.error(`[e2e] screenshot of the failure: ${file}`);
}

/** A phone's User-Agent (Lighthouse's mobile one). */
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
