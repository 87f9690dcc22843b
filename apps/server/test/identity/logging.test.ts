import { identityPaths } from '@antenne/contract';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  test,
  vi,
  type MockInstance,
} from 'vitest';
import type { App } from '../../src/app.js';
import {
  buildTestApp,
  createTestDatabase,
  engines,
  memoryLogger,
  type TestDatabase,
} from '../helpers/test-app.js';

/**
 * Every line the identity service (better-auth) writes goes through the app's logger, in its
 * format: none on stderr in better-auth's own "ERROR [Better Auth]: …" form. A client's refused
 * origin or callback URL is that client's error, logged below `error`.
 */

const ORIGIN = 'http://localhost:8080';
/** pino's levels. */
const WARN = 40;
const ERROR = 50;

describe.each(engines)('the identity service logs through the app’s logger (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  let log: ReturnType<typeof memoryLogger>;
  let stderr: MockInstance;
  let consoleLines: MockInstance[];

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    log = memoryLogger();
    app = await buildTestApp(testDb, { logger: log.logger });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });
  beforeEach(() => {
    stderr = vi.spyOn(process.stderr, 'write');
    consoleLines = (['error', 'warn', 'log', 'info'] as const).map((method) => vi.spyOn(console, method));
  });
  afterEach(() => vi.restoreAllMocks());

  /** The app's log lines from the identity service that hold `text`. */
  const identityLines = (text: string) =>
    log
      .lines()
      .filter((line) => line.identity === true && typeof line.msg === 'string' && line.msg.includes(text));
  const writtenOutsideTheLogger = () => [
    ...stderr.mock.calls.map((call) => String(call[0])),
    ...consoleLines.flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(' '))),
  ];

  test.each([
    {
      what: 'a cookie without Origin or Referer',
      headers: { cookie: 'antenne.session_token=nothing' },
      payload: {},
      url: identityPaths.signOut,
      code: 'MISSING_OR_NULL_ORIGIN',
      line: 'Missing or null Origin',
    },
    {
      what: 'a cookie with a Referer of another site',
      headers: { cookie: 'antenne.session_token=nothing', referer: 'https://evil.example/page' },
      payload: {},
      url: identityPaths.signOut,
      code: 'INVALID_ORIGIN',
      line: 'Invalid origin',
    },
    {
      what: 'a callback URL of another site',
      headers: { origin: ORIGIN },
      payload: { email: 'personne@example.com', callbackURL: 'https://evil.example/login' },
      url: identityPaths.sendVerificationEmail,
      code: 'INVALID_CALLBACK_URL',
      line: 'Invalid callbackURL',
    },
  ])(
    '$what: refused with $code, said in the app’s log below error, nothing on stderr',
    async ({ headers, payload, url, code, line }) => {
      const res = await app.inject({ method: 'POST', url, headers, payload });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ httpCode: 403, message: code });

      const lines = identityLines(line);
      expect(lines.length, JSON.stringify(log.lines().slice(-5))).toBeGreaterThan(0);
      for (const logged of lines) expect(logged.level as number).toBeLessThanOrEqual(WARN);
      expect(
        log.lines().filter((logged) => logged.identity === true && (logged.level as number) >= ERROR),
      ).toEqual([]);
      expect(
        writtenOutsideTheLogger().filter((text) => text.includes('Better Auth') || text.includes(line)),
      ).toEqual([]);
    },
  );
});
