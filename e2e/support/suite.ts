import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshotOnFailure, type PageOptions } from './browser.js';
import { startServer, type RunningServer } from './server.js';

export interface BrowserSuite {
  /** The real built server of this file (fresh DATA_DIR), started before its first test. */
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A fresh context and page, closed after the test (a screenshot is kept when it fails). */
  newPage(options?: PageOptions): Promise<{ context: BrowserContext; page: Page }>;
  /** newPage(), then the page at `path` of the server. */
  open(path: string, options?: PageOptions): Promise<Page>;
}

/**
 * The hooks every browser test file needs: one server and one Chromium for the file, a page per
 * test, a screenshot under e2e/artifacts when a test fails, and a clean stop (exit code 0).
 */
export function useBrowserSuite(
  env: Record<string, string> | (() => Promise<Record<string, string>>) = {},
): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let current: { context: BrowserContext; page: Page } | undefined;

  beforeAll(async () => {
    // A function: the environment depends on something the file starts first (an SMTP server...).
    const resolved = typeof env === 'function' ? await env() : env;
    [server, browser] = await Promise.all([startServer(resolved), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    expect(await server?.stop()).toBe(0);
  });

  afterEach(async (ctx) => {
    await screenshotOnFailure(current?.page, ctx.task.name, ctx.task.result?.state === 'fail');
    await current?.context.close();
    current = undefined;
  });

  const suite: BrowserSuite = {
    get server() {
      if (server === undefined) throw new Error('the server is not started yet (use it inside a test)');
      return server;
    },
    get browser() {
      if (browser === undefined) throw new Error('the browser is not launched yet (use it inside a test)');
      return browser;
    },
    async newPage(options) {
      await current?.context.close();
      current = await newPage(suite.browser, options);
      return current;
    },
    async open(path, options) {
      const { page } = await suite.newPage(options);
      await page.goto(`${suite.server.url}${path}`);
      return page;
    },
  };
  return suite;
}
