import { expect, test } from 'vitest';
import { hasProgramFlag } from '@antenne/contract';
import { movableClockEnv, setServerClock } from '../support/clock.js';
import { CHANNELS, detailsPath, endOf, findProgramme, startOf, timeAdvances } from '../support/live.js';
import { CONSENT, playerFlows, waitForContentPlaying } from '../support/player.js';
import { useBrowserSuite } from '../support/suite.js';

/**
 * Network recordings in Chromium (issue 15, "Done when"): a programme recorded as the demo
 * subscriber goes pending → in progress → done as the server's clock moves over it
 * (support/clock.ts), and plays from the recordings list in My content.
 */

const suite = useBrowserSuite(movableClockEnv());
const { signInDemo } = playerFlows(suite);

test('a programme recorded as the subscriber goes pending → in progress → done and plays from the recordings list', async () => {
  // A recordable programme of yesterday: the clocks are moved to just before it.
  const yesterday = Date.now() - 86_400_000;
  const programme = await findProgramme(
    suite.server.url,
    CHANNELS.monde,
    yesterday,
    (p) => startOf(p) > yesterday && hasProgramFlag(p.flags, 'PVR') && endOf(p) - startOf(p) <= 3 * 3_600_000,
  );
  const start = startOf(programme);
  try {
    await setServerClock(suite.server, start - 5 * 60_000);
    const first = await suite.newPage({ initScript: CONSENT });
    await first.page.clock.install({ time: start - 5 * 60_000 });
    await signInDemo(first.page);
    await first.page.goto(`${suite.server.url}${detailsPath(programme)}`);
    const name = (await first.page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await first.page.getByText('À venir', { exact: true }).waitFor();
    const actions = first.page.getByRole('group', { name: 'Actions' });
    await actions.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await actions.getByRole('button', { name: "Annuler l'enregistrement" }).waitFor();

    // My content, in a page on the real clock: the status is the server's.
    const { page } = await suite.newPage({ initScript: CONSENT });
    await signInDemo(page);
    const statusOf = async () => {
      await page.goto(`${suite.server.url}/mycontent`);
      const item = page
        .getByRole('region', { name: 'Mes enregistrements' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 3, name }) });
      await item.waitFor();
      return item;
    };
    await (await statusOf()).getByText('Programmé', { exact: true }).waitFor();
    await setServerClock(suite.server, start + 60_000);
    await (await statusOf()).getByText("En cours d'enregistrement", { exact: true }).waitFor();
    await setServerClock(suite.server, endOf(programme) + 60_000);
    const done = await statusOf();
    await done.getByText('Enregistré', { exact: true }).waitFor();

    await done.getByRole('link', { name: `Regarder ${name}` }).click();
    await page.waitForURL(/\/player\/rec_/);
    await waitForContentPlaying(page);
    const [before, after] = await timeAdvances(page);
    expect(after).toBeGreaterThan(before + 1);
  } finally {
    await setServerClock(suite.server, Date.now());
  }
});
