import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { engines } from '../helpers/test-app.js';
import { setUpPlayback, type PlaybackFixture } from '../playback/helpers.js';
import {
  answerChecker,
  bodyText,
  operationsOf,
  type FuzzOperation,
  type FuzzRequest,
  type OpenApiDocument,
} from './answers.js';
import type { JsonSchema } from './arbitraries.js';
import { requestGenerator } from './requests.js';
import { ENDS_SESSION, fuzzCatalogue, fuzzSession } from './session.js';

/**
 * A property-based fuzzer driven by the OpenAPI document (/api/docs/openapi.json): fast-check
 * draws requests for every operation — anonymous, with a real session (firebaseLogin as the other
 * suites sign in, and the identity service's cookie), with a bogus token — from the operation's
 * own schemas, with real ids (assets, channels, profiles, the favourites list, play sessions,
 * signed media paths, a consent string) and hostile values mixed in (NUL, lone surrogates, huge
 * strings, locale-like junk, NUL-free unicode, deep or broken JSON, invalid UTF-8, odd content
 * types). Every answer must be below 500, of a status the operation declares, match the schema
 * declared for it, and every error answer must be the error body. Each declared query parameter
 * is present in two requests of three, and the run must have sent every one of every operation
 * at least once (the last test: coverage the engines share, each engine drawing its own requests).
 *
 * FUZZ_RUNS (requests in all, default 5000, shared by the engines) and FUZZ_SEED (to replay a
 * run; engine n draws from FUZZ_SEED + n) are read from the environment; the seed is printed, and
 * named in any failure.
 */

/** Requests in all, shared by the engines (SQLite alone sends them all). */
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 5000);
const RUNS = Math.ceil(TOTAL_RUNS / engines.length);
const SEED =
  process.env.FUZZ_SEED === undefined
    ? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0
    : Number(process.env.FUZZ_SEED);
/** Refresh the session and the pools of real ids this often (the fuzzer may have logged out, deleted …). */
const REFRESH_EVERY = 100;

/** The seed and the tally of a run, on the test's output. */
const print = (line: string) => process.stdout.write(`${line}\n`);

/** `<operation> ?<name>` of every declared query parameter, and of those a request carried (all engines). */
const queryParameter = (op: FuzzOperation, name: string) => `${op.key} ?${name}`;
const declaredQuery = new Set<string>();
const sentQuery = new Map<string, number>();
/** Below this many requests in all, a run is too short to be held to carrying every query parameter. */
const COVERAGE_RUNS = 5000;

describe.each(engines)('fuzzing the API from its OpenAPI document (%s)', (engine) => {
  let f: PlaybackFixture;
  let app: App;
  let doc: OpenApiDocument;
  let operations: FuzzOperation[];
  let problemOf: ReturnType<typeof answerChecker>['problemOf'];
  let strayOperation: FuzzOperation;
  let requestFor: ReturnType<typeof requestGenerator>;
  let refresh: (identityToo: boolean) => Promise<void>;
  let withAuth: (request: FuzzRequest) => Record<string, string>;

  beforeAll(async () => {
    f = await setUpPlayback(engine, { catalogue: fuzzCatalogue() });
    app = f.app;
    doc = (await app.inject('/api/docs/openapi.json')).json<OpenApiDocument>();
    operations = operationsOf(doc);
    for (const op of operations)
      for (const p of op.operation.parameters ?? [])
        if (p.in === 'query') declaredQuery.add(queryParameter(op, p.name));
    ({ problemOf, strayOperation } = answerChecker(doc));
    const session = fuzzSession(engine, f);
    ({ refresh, withAuth } = session);
    const resolve = (ref: string): JsonSchema => doc.components?.schemas?.[ref.split('/').pop() ?? ''] ?? {};
    requestFor = requestGenerator({ resolve, pools: session.pools });
    await session.start();
  }, 120_000);

  afterAll(async () => {
    await f?.close();
  });

  test('the checker refuses a 5xx, an undeclared status, a body off its schema and an error not in the error body', () => {
    const health = operations.find((op) => op.key === 'GET /healthz') as FuzzOperation;
    const json = 'application/json; charset=utf-8';
    expect(problemOf(health, 200, json, '{"status":"ok","uptimeSeconds":3}')).toBeUndefined();
    expect(problemOf(health, 400, json, '{"httpCode":400,"message":"BAD_REQUEST"}')).toBeUndefined();
    expect(problemOf(health, 500, json, '{"httpCode":500,"message":"INTERNAL_ERROR"}')).toMatch(
      /answered 500/,
    );
    expect(problemOf(health, 418, json, '{"httpCode":418,"message":"TEAPOT"}')).toMatch(/does not declare/);
    expect(problemOf(health, 200, json, '{"status":"down","uptimeSeconds":3}')).toMatch(
      /not matching its declared schema/,
    );
    expect(problemOf(health, 400, json, '{"code":"X","message":"x"}')).toMatch(/without the error body/);
    expect(problemOf(health, 400, json, '{"httpCode":404,"message":"NOT_FOUND"}')).toMatch(
      /with httpCode 404/,
    );
    expect(problemOf(health, 400, 'text/plain', 'Bad Request')).toMatch(/not the error body/);
  });

  test(`${RUNS} generated requests: no 5xx, every answer declared and matching its schema, every error the error body`, async () => {
    print(`fuzz (${engine}): ${RUNS} requests over ${operations.length} operations, FUZZ_SEED=${SEED}`);
    const failures = new Map<string, string>();
    const statuses = new Map<number, number>();
    const reached = new Map<string, number>();
    let sent = 0;

    const HOSTILITY = [0, 1, 3];
    const arbitraries = new Map(
      operations.flatMap((op) => HOSTILITY.map((h) => [`${op.key} ${h}`, requestFor(op, h)] as const)),
    );
    const request = fc
      .tuple(fc.constantFrom(...operations), fc.constantFrom(...HOSTILITY))
      .chain(([op, h]) => arbitraries.get(`${op.key} ${h}`) as fc.Arbitrary<FuzzRequest>);
    // One in twenty: a method the path does not have (PATCH /healthz, GET on a POST-only call …).
    const stray = fc
      .tuple(request, fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'))
      .map(([r, method]) => {
        const pathMethods = Object.keys(doc.paths[r.op.path] ?? {}).map((m) => m.toUpperCase());
        return pathMethods.includes(method) ? r : { ...r, strayMethod: method };
      });
    const arbitrary = fc.oneof({ weight: 19, arbitrary: request }, { weight: 1, arbitrary: stray });
    await fc.assert(
      fc.asyncProperty(arbitrary, async (request) => {
        if (sent > 0 && sent % REFRESH_EVERY === 0) await refresh(false);
        sent++;
        const res = await app.inject({
          method: (request.strayMethod ?? request.op.method) as 'GET',
          url: request.url,
          headers: withAuth(request),
          remoteAddress: request.remoteAddress,
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (request.strayMethod === undefined) {
          reached.set(request.op.key, (reached.get(request.op.key) ?? 0) + 1);
          for (const name of request.queryParams) {
            const key = queryParameter(request.op, name);
            sentQuery.set(key, (sentQuery.get(key) ?? 0) + 1);
          }
        }
        const problem = problemOf(
          request.strayMethod === undefined ? request.op : strayOperation,
          res.statusCode,
          String(res.headers['content-type'] ?? ''),
          bodyText(res.rawPayload, res.headers['content-encoding']),
        );
        if (problem !== undefined) {
          const key = `${request.strayMethod === undefined ? '' : `${request.strayMethod} on `}${request.op.key}: ${problem.slice(0, 160)}`;
          if (!failures.has(key)) {
            const payload =
              request.payload === undefined ? '' : ` body ${String(request.payload).slice(0, 200)}`;
            failures.set(
              key,
              `${request.strayMethod ?? request.op.method} ${request.url.slice(0, 200)} (${request.auth})${payload} → ${res.statusCode} ${res.body.slice(0, 300)}`,
            );
          }
        }
        if (res.statusCode < 300 && ENDS_SESSION.some((pattern) => pattern.test(request.op.key))) {
          await refresh(request.op.path.startsWith('/identity/'));
        }
      }),
      // Each engine its own requests (the seed plus its index): together they cover twice as many.
      { numRuns: RUNS, seed: SEED + engines.indexOf(engine), endOnFailure: true },
    );

    print(
      `fuzz (${engine}): ${sent} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}, ` +
        `${reached.size}/${operations.length} operations reached, ${failures.size} distinct failures (FUZZ_SEED=${SEED})`,
    );
    const report = [...failures].map(([what, example]) => `${what}\n    e.g. ${example}`).join('\n');
    expect(failures.size, `FUZZ_SEED=${SEED} FUZZ_RUNS=${TOTAL_RUNS} replays this run\n${report}`).toBe(0);
    expect(sent).toBeGreaterThanOrEqual(RUNS);
    expect([...reached.keys()].sort()).toEqual(operations.map((op) => op.key).sort());
  }, 600_000);
});

describe('the fuzzer covers the API', () => {
  test.runIf(TOTAL_RUNS >= COVERAGE_RUNS)(
    'every query parameter of every operation was sent at least once (the engines together)',
    () => {
      expect(declaredQuery.size).toBeGreaterThan(0);
      const counts = [...declaredQuery]
        .map((key) => [key, sentQuery.get(key) ?? 0] as const)
        .sort(([, a], [, b]) => a - b);
      print(
        `fuzz: ${declaredQuery.size} query parameters, each sent ${counts[0]?.[1]} to ${counts.at(-1)?.[1]} times; ` +
          `the rarest: ${counts
            .slice(0, 3)
            .map(([key, n]) => `${key} ${n}`)
            .join(', ')}`,
      );
      expect([...declaredQuery].filter((key) => !sentQuery.has(key))).toEqual([]);
    },
  );
});
