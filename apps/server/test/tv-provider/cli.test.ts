import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../helpers/test-app.js';

const USAGE =
  'usage: tv-provider-subscriber add <username> [<password>] [--without-network] | remove <username> | list';

/** `tv-provider-subscriber add|remove|list` as an administrator runs it (from the sources, on SQLite). */
describe('tv-provider-subscriber command', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite', { seed: false });
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });

  const cli = (args: string[], input?: string) => runCli('tv-provider-subscriber.ts', testDb, args, input);

  const signIn = async (username: string, password: string) => {
    const app = await buildTestApp(testDb);
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/tv-providers/antenne-test/sign-in?lang=en',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username, password }).toString(),
      });
      return res.body.includes('data-media-token')
        ? 'token'
        : res.body.includes('data-error="NOT_SUBSCRIBED"')
          ? 'not subscribed'
          : res.statusCode;
    } finally {
      await app.close();
    }
  };

  test('add (password argument or standard input), list, remove: the sign-in page follows', async () => {
    const added = await cli(['add', 'carol', 'carol-password']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain('antenne-test: added carol (with the network)');
    const piped = await cli(['add', 'dave', '--without-network'], 'dave-password\n');
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toContain('added dave (without the network)');

    const listed = await cli(['list']);
    expect(listed.stdout).toMatch(/^carol\twith the network\t\S+\ndave\twithout the network\t\S+\n$/);
    expect(listed.stdout).not.toContain('password');

    expect(await signIn('carol', 'carol-password')).toBe('token');
    expect(await signIn('dave', 'dave-password')).toBe('not subscribed');

    const removed = await cli(['remove', 'carol']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(await signIn('carol', 'carol-password')).toBe(401);
  }, 60_000);

  test('a taken or unknown username, a short password exit 1; a wrong usage exits 2', async () => {
    await cli(['add', 'erin', 'erin-password']);
    const taken = await cli(['add', 'erin', 'other-password']);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('the subscriber erin exists already');
    expect((await cli(['remove', 'nobody'])).stderr).toContain('no subscriber nobody');
    const short = await cli(['add', 'frank', 'short']);
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('the password is 8 to 256 characters');
    expect((await cli(['add', 'bad name!', 'long-enough'])).code).toBe(1);
    for (const args of [
      [],
      ['add'],
      ['remove'],
      ['list', 'x'],
      ['grant', 'x'],
      ['remove', 'a', 'b'],
      ['add', '--x', 'p'],
    ]) {
      const usage = await cli(args);
      expect(usage.code, args.join(' ')).toBe(2);
      expect(usage.stderr).toContain(USAGE);
    }
  }, 60_000);
});
