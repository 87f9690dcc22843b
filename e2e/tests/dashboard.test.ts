import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../support/axe.js';
import { repoRoot } from '../support/paths.js';
import { playerFlows } from '../support/player.js';
import { useBrowserSuite } from '../support/suite.js';

/**
 * The staff dashboard (issue 17): a signed-in account without the staff role is refused (the
 * server's 403); granted the role by `staff:grant` it reads the report, with nothing for axe to
 * find in French nor in Arabic.
 */

const suite = useBrowserSuite();
const { signInDemo } = playerFlows(suite);
const run = promisify(execFile);

/** `npm run staff:grant` as an administrator runs it, on the suite's server's database. */
function staffGrant(...args: string[]) {
  return run(process.execPath, [join(repoRoot, 'apps/server/dist/cli/staff-grant.js'), ...args], {
    env: { ...process.env, DATA_DIR: suite.server.dataDir, DATABASE_URL: '' },
  });
}

async function openDashboard(page: Page, locale: 'fr' | 'ar' = 'fr') {
  if (locale === 'ar') await page.evaluate(() => localStorage.setItem('lang-preference', 'ar'));
  await page.goto(`${suite.server.url}/dashboard`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  if (locale === 'ar') await page.locator('html[dir="rtl"][lang="ar"]').waitFor();
}

describe('the staff dashboard', () => {
  test('refused to a normal account; open to it once granted the staff role, in fr and ar, with no axe violation', async () => {
    // axe is injected as an inline script: the app's CSP (script-src 'self') would refuse it.
    const { page } = await suite.newPage({ bypassCSP: true });
    await signInDemo(page);

    await openDashboard(page);
    await page.getByRole('heading', { level: 1, name: 'Accès refusé' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);

    const granted = await staffGrant('demo@antenne.example');
    expect(granted.stdout).toContain('now staff');

    await openDashboard(page);
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
    await page.getByRole('table', { name: 'Audience quotidienne' }).waitFor({ state: 'attached' });
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).count()).toBe(9);
    expect(await axeViolations(page)).toEqual([]);

    await openDashboard(page, 'ar');
    await page.getByRole('heading', { level: 1, name: 'لوحة المتابعة' }).waitFor();
    await page.getByRole('table', { name: 'الجمهور اليومي' }).waitFor({ state: 'attached' });
    expect(await axeViolations(page)).toEqual([]);

    await staffGrant('demo@antenne.example', '--revoke');
    await page.evaluate(() => localStorage.setItem('lang-preference', 'fr'));
    await openDashboard(page);
    await page.getByRole('heading', { level: 1, name: 'Accès refusé' }).waitFor();
  });
});
