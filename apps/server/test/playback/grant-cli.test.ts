import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ASSETS, newHousehold, playRequest, setUpPlayback, type PlaybackFixture } from './helpers.js';
import { bearer } from '../accounts/helpers.js';
import { TENANT } from '../helpers/test-app.js';

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, '../../src/cli/household-grant.ts');

/** `household-grant` as an operator runs it (from the sources, on SQLite): the play call sees the right at once. */
describe('household-grant command', () => {
  let f: PlaybackFixture;
  beforeAll(async () => {
    f = await setUpPlayback('sqlite');
  });
  afterAll(async () => {
    await f?.close();
  });

  const grant = (...args: string[]) =>
    run(process.execPath, ['--conditions=antenne-source', '--import', 'tsx', CLI, ...args], {
      env: {
        ...process.env,
        DATA_DIR: f.testDb.options.dataDir,
        DATABASE_URL: '',
        CUSTOMER: TENANT.customer,
        BUSINESS_UNIT: TENANT.businessUnit,
      },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );

  test('a subscription, then a ticket, open the titles; refusals exit 1, wrong usage 2', async () => {
    // The command stamps grants with the real time: the app's clock follows it here.
    f.clock.now = Date.now();
    const user = await newHousehold(f.app);
    const email = `play${user.accountId}@example.com`;
    await f.db.updateTable('households').set({ email }).where('id', '=', user.accountId).execute();
    expect((await playRequest(f.app, ASSETS.subscription, bearer(user.sessionToken))).statusCode).toBe(403);

    const subscribed = await grant(email.toUpperCase(), 'subscription', 'abonnement');
    expect(subscribed.code, subscribed.stderr).toBe(0);
    expect(subscribed.stdout).toMatch(
      new RegExp(`household ${user.accountId} \\(.*\\): subscription to abonnement sub_\\w+`),
    );
    f.clock.now = Date.now();
    const played = await playRequest(f.app, ASSETS.subscription, bearer(user.sessionToken));
    expect(played.statusCode, played.body).toBe(200);

    const ticket = await grant(email, 'ticket', ASSETS.rental, 'location', '--until', '2099-01-01T00:00:00Z');
    expect(ticket.code, ticket.stderr).toBe(0);
    expect((await playRequest(f.app, ASSETS.rental, bearer(user.sessionToken))).statusCode).toBe(200);
    const row = await f.db
      .selectFrom('video_tickets')
      .select('end_date')
      .where('household_id', '=', user.accountId)
      .executeTakeFirstOrThrow();
    expect(row.end_date).toBe('2099-01-01T00:00:00.000Z');

    const wrongType = await grant(email, 'subscription', 'location');
    expect(wrongType.code).toBe(1);
    expect(wrongType.stderr).toContain('location is a Transactional product, not a Subscription');
    expect((await grant(email, 'ticket', 'film-inconnu', 'location')).stderr).toContain(
      'unknown asset film-inconnu',
    );
    expect((await grant('nobody@example.com', 'subscription', 'abonnement')).stderr).toContain(
      'no household with the email nobody@example.com',
    );
    const usage = await grant(email, 'ticket', ASSETS.rental);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: household-grant');
  }, 60_000);
});
