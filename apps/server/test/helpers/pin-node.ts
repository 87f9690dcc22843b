import type { DatabaseOptions } from '../../src/db/database.js';
import { openDatabase } from '../../src/db/database.js';
import { testVerifyIdToken } from '../accounts/helpers.js';
import { buildTestApp, type TestDatabase } from './test-app.js';

/**
 * One node of a test cluster, run as a child process (pin-attempts-processes.test.ts): the app
 * built with buildTestApp on the test database the parent created and passed in PIN_NODE_DATABASE
 * (its DatabaseOptions as JSON), signing in with the accounts suites' test ID tokens, on a clock
 * fixed at PIN_NODE_NOW. Listens on 127.0.0.1, a free port, and prints `listening on port <port>`;
 * on SIGTERM closes the app (and its connection pool) and exits 0.
 */

const options = JSON.parse(process.env.PIN_NODE_DATABASE ?? '') as DatabaseOptions;
const now = Number(process.env.PIN_NODE_NOW);
if (!Number.isFinite(now)) throw new Error('PIN_NODE_NOW is not a number');

const testDb: TestDatabase = {
  engine: options.databaseUrl ? 'postgres' : 'sqlite',
  options,
  open: () => openDatabase(options),
  // The parent owns the schema and drops it.
  cleanup: async () => {},
};

const app = await buildTestApp(testDb, {
  verifyIdToken: testVerifyIdToken,
  clock: () => now,
  cacheCheckEveryMs: 0,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('not listening on a port');
process.stdout.write(`listening on port ${address.port}\n`);

process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
