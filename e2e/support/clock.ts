import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { RunningServer } from './server.js';
import { repoRoot } from './paths.js';

/**
 * The e2e clock (ADR 0027): the server's Date is shifted by the test-only preload
 * support/clock-preload.mjs (only when a file asks for it: `movableClockEnv`), and the browser's
 * by Playwright's page.clock, set to the same instant so server and browser agree.
 */

const preload = pathToFileURL(join(repoRoot, 'e2e', 'support', 'clock-preload.mjs')).href;

/** The environment that loads the preload into the server (startServer adds the IPC channel for it). */
export const movableClockEnv = (): Record<string, string> => ({
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${preload}`.trim(),
  E2E_CLOCK_OFFSET_MS: '0',
});

/** Sets the server's clock to `instantMs` (it then runs on from there); resolves once applied. */
export async function setServerClock(server: RunningServer, instantMs: number): Promise<void> {
  const child = server.process;
  if (!child.send) throw new Error('the server was not started with movableClockEnv()');
  const offsetMs = instantMs - Date.now();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not apply the clock')), 5_000);
    const onMessage = (message: unknown) => {
      const m = message as { type?: string; offsetMs?: number };
      if (m.type !== 'e2e-clock-set' || m.offsetMs !== offsetMs) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve();
    };
    child.on('message', onMessage);
    child.send?.({ type: 'e2e-clock', offsetMs });
  });
}

/** Sets both clocks, the server's and the page's, to `instantMs` (the page's runs on from there). */
export async function setClocks(server: RunningServer, page: Page, instantMs: number): Promise<void> {
  await setServerClock(server, instantMs);
  await page.clock.install({ time: instantMs });
}
