import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../support/axe.js';
import { movableClockEnv, setServerClock } from '../support/clock.js';
import { CHANNELS, detailsPath, findProgramme, onAirAt, startOf } from '../support/live.js';
import { CONSENT, playerFlows } from '../support/player.js';
import { useBrowserSuite } from '../support/suite.js';

/**
 * Live TV in Chromium (issue 15, "Done when"): a reminder on a programme starting a minute later
 * — the server's clock and the page's moved to that instant (support/clock.ts) — shows the popup
 * whose Go opens its details; and axe on the guide and a programme's details in fr and ar.
 */

const suite = useBrowserSuite(movableClockEnv());
const { signInDemo } = playerFlows(suite);

describe.each(['fr', 'ar'] as const)('accessibility of live TV in %s', (locale) => {
  async function page(path: string): Promise<Page> {
    const { page } = await suite.newPage({
      bypassCSP: true,
      initScript: `try { localStorage.setItem('lang-preference', '${locale}'); } catch {}`,
    });
    await page.goto(`${suite.server.url}${path}`);
    if (locale === 'ar') await page.locator('html[dir="rtl"][lang="ar"]').waitFor();
    return page;
  }

  test('the guide has no WCAG A/AA violation', async () => {
    const p = await page('/guide');
    await p.getByRole('grid').locator('[tabindex="0"]').waitFor();
    expect(await axeViolations(p)).toEqual([]);
  });

  test('a programme’s details have no WCAG A/AA violation', async () => {
    const now = Date.now();
    const programme = await findProgramme(suite.server.url, CHANNELS.monde, now, onAirAt(now, undefined, 0));
    const p = await page(detailsPath(programme));
    await p.getByRole('group').first().waitFor();
    expect(await axeViolations(p)).toEqual([]);
  });
});

test('a reminder on a programme starting a minute later (moved clock) shows the popup; Go opens its details', async () => {
  // A programme of yesterday: only a server whose clock was moved keeps a reminder on it.
  const yesterday = Date.now() - 86_400_000;
  const programme = await findProgramme(
    suite.server.url,
    CHANNELS.info,
    yesterday,
    (p) => startOf(p) > yesterday,
  );
  const start = startOf(programme);
  try {
    await setServerClock(suite.server, start - 60_000);
    const { context, page } = await suite.newPage({ initScript: CONSENT });
    await page.clock.install({ time: start - 60_000 });
    await signInDemo(page);
    await page.goto(`${suite.server.url}${detailsPath(programme)}`);
    const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await page.getByText('À venir', { exact: true }).waitFor();
    // The button of the server's HTML acts once React has hydrated it (docs/adr/0043).
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Me le rappeler' }).click();
    await page.getByRole('button', { name: 'Annuler le rappel' }).waitFor();
    // Kept server-side, on the profile: read back after a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Annuler le rappel' }).waitFor();
    await page.goto(`${suite.server.url}/guide`);
    await page.getByRole('grid').waitFor();
    // A second tab of the same browser: only one of the two shows the popup.
    const other = await context.newPage();
    await other.goto(`${suite.server.url}/guide`);
    await other.getByRole('grid').waitFor();

    // A minute later, on both clocks.
    await setServerClock(suite.server, start + 1_000);
    await page.clock.fastForward(61_000);
    // The context's clock: both tabs are past the start.
    for (const tab of [page, other]) expect(await tab.evaluate(() => Date.now())).toBeGreaterThan(start);
    const dialogs = async () =>
      (await page.getByRole('dialog').count()) + (await other.getByRole('dialog').count());
    await expect.poll(dialogs, { timeout: 10_000 }).toBe(1);
    await page.clock.fastForward(5_000);
    expect(await dialogs()).toBe(1);
    const shown = (await page.getByRole('dialog').count()) === 1 ? page : other;
    const popup = shown.getByRole('dialog', { name: 'Votre programme commence' });
    expect(await popup.textContent()).toContain(title);
    await popup.getByRole('button', { name: 'Y aller' }).click();
    await shown.waitForURL((url) => url.pathname === detailsPath(programme));
    await shown.getByRole('heading', { level: 1, name: title }).waitFor();
    await shown.getByText('En direct', { exact: true }).waitFor();
    // Once: not again later, nor after a reload within the grace period.
    await shown.reload();
    await shown.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.clock.fastForward(60_000);
    expect(await dialogs()).toBe(0);
  } finally {
    await setServerClock(suite.server, Date.now());
  }
});

test('after a reload, a reminder whose start has just passed still shows, once', async () => {
  const yesterday = Date.now() - 86_400_000;
  const programme = await findProgramme(
    suite.server.url,
    CHANNELS.monde,
    yesterday,
    (p) => startOf(p) > yesterday + 3_600_000,
  );
  const start = startOf(programme);
  try {
    await setServerClock(suite.server, start - 60_000);
    const { page } = await suite.newPage({ initScript: CONSENT });
    await page.clock.install({ time: start - 60_000 });
    await signInDemo(page);
    await page.goto(`${suite.server.url}${detailsPath(programme)}`);
    const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Me le rappeler' }).click();
    await page.getByRole('button', { name: 'Annuler le rappel' }).waitFor();
    // The app is closed over the start, and opened again two minutes after it.
    await page.goto('about:blank');
    await setServerClock(suite.server, start + 120_000);
    await page.clock.setSystemTime(start + 120_000);
    await page.goto(`${suite.server.url}/guide`);
    const popup = page.getByRole('dialog', { name: 'Votre programme commence' });
    await popup.waitFor();
    expect(await popup.textContent()).toContain(title);
    await popup.getByRole('button', { name: 'Annuler' }).click();
    await page.reload();
    await page.getByRole('grid').waitFor();
    await page.clock.fastForward(60_000);
    expect(await page.getByRole('dialog').count()).toBe(0);
  } finally {
    await setServerClock(suite.server, Date.now());
  }
});
