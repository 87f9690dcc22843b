import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { AjvCompiler, type Ajv } from '@fastify/ajv-compiler';
import { accountPaths, ErrorBodySchema, FAVORITES_LIST, identityPaths, paths, playbackPaths, type LoginResponse, type PlayResponse } from '@antenne/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { DEMO_SUBSCRIBER, seedDemoSubscriber } from '../../src/modules/accounts/demo-subscriber.js';
import { bearer, login } from '../accounts/helpers.js';
import { engines, TENANT } from '../helpers/test-app.js';
import { AD_MP4, ASSETS, setUpPlayback, type PlaybackFixture } from '../playback/helpers.js';
import { arbitraryFor, hostileString, type JsonSchema, type Pools } from './arbitraries.js';

/**
 * A property-based fuzzer driven by the OpenAPI document (/api/docs/openapi.json): fast-check
 * draws requests for every operation — anonymous, with a real session (firebaseLogin as the other
 * suites sign in, and the identity service's cookie), with a bogus token — from the operation's
 * own schemas, with real ids (assets, profiles, the favourites list, play sessions, signed media
 * paths) and hostile values mixed in (NUL, lone surrogates, huge strings, deep or broken JSON,
 * invalid UTF-8, odd content types). Every answer must be below 500, of a status the operation
 * declares, match the schema declared for it, and every error answer must be the error body.
 *
 * FUZZ_RUNS (requests in all, default 5000, shared by the engines) and FUZZ_SEED (to replay a
 * run) are read from the environment; the seed is printed, and named in any failure.
 */

/** Requests in all, shared by the engines (SQLite alone sends them all). */
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 5000);
const RUNS = Math.ceil(TOTAL_RUNS / engines.length);
const SEED = process.env.FUZZ_SEED === undefined ? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0 : Number(process.env.FUZZ_SEED);
/** Refresh the session and the pools of real ids this often (the fuzzer may have logged out, deleted …). */
const REFRESH_EVERY = 100;
const TRUSTED_ORIGIN = 'http://localhost:8080';

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Answer {
  content?: Record<string, { schema?: JsonSchema }>;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, Answer>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface FuzzOperation {
  key: string;
  method: string;
  path: string;
  operation: Operation;
}

type Auth = 'session' | 'anonymous' | 'bogus';

interface FuzzRequest {
  op: FuzzOperation;
  /** Another method than the operation's, one the path does not have (a stray request): only the error body is checked. */
  strayMethod?: string;
  url: string;
  auth: Auth;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
}

const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** The body as text, decompressed when it was sent compressed. */
function bodyText(raw: Buffer, encoding: string | string[] | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  return raw.toString('utf8');
}

/** The seed and the tally of a run, on the test's output. */
const print = (line: string) => process.stdout.write(`${line}\n`);

/** fc.oneof over the choices of a positive weight. */
const weighted = <T>(...choices: fc.WeightedArbitrary<T>[]): fc.Arbitrary<T> => fc.oneof(...choices.filter((c) => c.weight > 0));

/** Percent-encoding that lets a lone surrogate through (as the invalid UTF-8 bytes a client would send). */
function encodePart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((char) => {
        const unit = char.charCodeAt(0);
        if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
          return [0xed, 0xa0 | ((unit >> 6) & 0x1f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
        }
        return encodeURIComponent(char);
      })
      .join('');
  }
}

/** Bodies no schema describes: deep, broken, not UTF-8, poisoned, too big. */
const RAW_BODIES: readonly (string | Buffer)[] = [
  '',
  '   ',
  'null',
  '[]',
  '"text"',
  '42',
  '{"a":',
  '{"a":1,}',
  `${'['.repeat(65)}${']'.repeat(65)}`,
  `{"x":${'['.repeat(5000)}${']'.repeat(5000)}}`,
  `{"x":${'{"y":'.repeat(3000)}1${'}'.repeat(3000)}}`,
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '\ufeff{"a":1}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  Buffer.from([0xc3, 0x28]),
  `{"big":"${'z'.repeat(2 * 1024 * 1024)}"}`,
];

const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/octet-stream',
  'application/vnd.api+json',
];

/** Calls after which the session or the identity cookie may be gone (2xx): refresh them at once. */
const ENDS_SESSION = [
  /^DELETE .*\/auth\/login$/,
  /^POST .*\/user\/delete$/,
  /^GET .*\/user\/profile\/\{userId\}\/select$/,
  /^DELETE .*\/user\/profile\/\{userId\}$/,
  /^POST \/identity\/(sign-out|delete-user|change-password|change-email|reset-password)$/,
];

describe.each(engines)('fuzzing the API from its OpenAPI document (%s)', (engine) => {
  let f: PlaybackFixture;
  let app: App;
  let doc: OpenApiDocument;
  let operations: FuzzOperation[];
  let ajv: Ajv;
  const pools: Pools = { byName: {}, pinned: new Set(['customer', 'businessUnit', 'list', 'configId']) };
  const state = { session: '', identityCookie: '', logins: 0 };

  /** The identity service's session for the demo subscriber (created again if the fuzzer deleted it). */
  async function identitySignIn(): Promise<void> {
    await seedDemoSubscriber(app.identity, f.db);
    // A new address each time: the sign-in rate limit is per address.
    const n = ++state.logins;
    const res = await app.inject({
      method: 'POST',
      url: identityPaths.signInEmail,
      remoteAddress: `198.51.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
      headers: { origin: TRUSTED_ORIGIN },
      payload: { email: DEMO_SUBSCRIBER.email, password: DEMO_SUBSCRIBER.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    state.identityCookie = [res.headers['set-cookie'] ?? []].flat().map((c) => c.split(';')[0]).join('; ');
  }

  /** A live Exposure session and fresh pools of real ids. */
  async function refresh(identityToo: boolean): Promise<void> {
    const check = state.session === '' ? undefined : await app.inject({ url: accountPaths.session(TENANT), headers: bearer(state.session) });
    if (check?.statusCode !== 200) {
      const answer: LoginResponse = await login(app, `fuzz-user-${engine}`, `fuzz-${engine}@example.com`);
      state.session = answer.sessionToken;
    }
    if (identityToo || state.identityCookie === '') await identitySignIn();
    const profiles = await app.inject({ url: accountPaths.profiles(TENANT), headers: bearer(state.session) });
    const ids = profiles.json<{ profiles: { userId: string }[] }>().profiles.map((p) => p.userId);
    pools.byName.userId = ids;
    const play = await app.inject({ url: playbackPaths.play(TENANT, ASSETS.ads), headers: { ...bearer(state.session), 'x-forwarded-for': '90.0.0.1' } });
    if (play.statusCode === 200) {
      const body = play.json<PlayResponse>();
      pools.byName.playSessionId = [...new Set([body.playSessionId, ...(pools.byName.playSessionId ?? [])])].slice(0, 5);
      pools.byName.SessionId = pools.byName.playSessionId;
      pools.byName.playPath = body.formats.map((format) => format.mediaLocator.replace(/^\/play\//, ''));
    }
  }

  beforeAll(async () => {
    f = await setUpPlayback(engine);
    app = f.app;
    doc = (await app.inject('/api/docs/openapi.json')).json<OpenApiDocument>();
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, operation })),
    );
    // Fastify's own validator factory (Ajv 8), set to check answers as they are: no coercion, no defaults.
    AjvCompiler()({}, {
      customOptions: { coerceTypes: false, useDefaults: false, removeAdditional: false, strict: false, allErrors: true },
      onCreate: (instance) => {
        ajv = instance;
      },
    });
    ajv.addSchema({ $id: 'openapi.json', components: doc.components ?? {} });

    const assets = await app.inject({ url: `${paths.assets(TENANT)}?pageSize=200` });
    const items = assets.json<{ items: { assetId: string; tags?: { tagValues: { tagId: string }[] }[] }[] }>().items;
    Object.assign(pools.byName, {
      customer: [TENANT.customer],
      businessUnit: [TENANT.businessUnit],
      assetId: [...items.map((a) => a.assetId), ...Object.values(ASSETS)],
      tagId: [...new Set(items.flatMap((a) => a.tags ?? []).flatMap((t) => t.tagValues.map((v) => v.tagId)))],
      list: [FAVORITES_LIST],
      configId: ['sandwich'],
      componentId: ['hero', 'footer', 'menu'],
      text: ['film', 'le', 'glace', 'gratuit'],
      email: [DEMO_SUBSCRIBER.email, 'nobody@example.com'],
      newEmailAddress: ['someone@example.com'],
      provider: ['google', 'oidc', 'facebook'],
      event: ['impression', 'start', 'firstQuartile', 'complete', 'click'],
      ad: ['ad-1'],
      demoMediaPath: [AD_MP4.replace('/demo-media/', ''), 'bumper-brand-0123456789ab/master.m3u8'],
      mediaPath: [`${ASSETS.free}/master.m3u8`],
      imagePath: ['poster.jpg', 'a/b.png'],
      callbackURL: ['/login', 'https://evil.example/steal'],
      locale: ['fr', 'en', 'ar'],
      'x-parental-pin': ['1234', '0000'],
    });
    await refresh(true);
  }, 120_000);

  afterAll(async () => {
    await f?.close();
  });

  const resolve = (ref: string): JsonSchema => doc.components?.schemas?.[ref.split('/').pop() ?? ''] ?? {};
  const ctx = { resolve, pools };

  /** The pool name of a parameter: a wildcard's depends on its path. */
  const poolName = (op: FuzzOperation, name: string) =>
    name !== '*'
      ? name
      : op.path.startsWith('/play/')
        ? 'playPath'
        : op.path.startsWith('/demo-media/')
          ? 'demoMediaPath'
          : op.path.startsWith('/media/')
            ? 'mediaPath'
            : 'imagePath';

  const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

  /**
   * A request for `op`; `hostility` (0–10) is the weight of a hostile or mistyped value at each
   * place: 0 gives requests that follow the schema (and reach deep), 3 mostly broken ones.
   */
  function requestFor(op: FuzzOperation, hostility: number): fc.Arbitrary<FuzzRequest> {
    const parameters = op.operation.parameters ?? [];
    const pathParams = parameters.filter((p) => p.in === 'path');
    const queryParams = parameters.filter((p) => p.in === 'query');
    const headerParams = parameters.filter((p) => p.in === 'header');
    const bodySchema = op.operation.requestBody?.content?.['application/json']?.schema;

    const path = fc.tuple(...pathParams.map((p) => arbitraryFor(p.schema, ctx, poolName(op, p.name), 0, hostility))).map((values) =>
      pathParams.reduce((url, p, i) => {
        const text = asText(values[i]);
        const encoded = p.name === '*' ? text.split('/').map(encodePart).join('/') : encodePart(text);
        return url.replace(`{${p.name}}`, encoded);
      }, op.path),
    );
    const query = fc
      .tuple(
        ...queryParams.map((p) => fc.option(arbitraryFor(p.schema, ctx, p.name, 0, hostility), { freq: 2 })),
        hostility === 0 ? fc.constant(null) : fc.option(fc.tuple(fc.string({ maxLength: 8 }), hostileString()), { freq: 8 }),
      )
      .map((values) => {
        const search = new URLSearchParams();
        queryParams.forEach((p, i) => {
          const value = values[i];
          if (value === null || value === undefined) return;
          for (const item of Array.isArray(value) ? value : [value]) search.append(p.name, asText(item));
        });
        const extra = values[queryParams.length] as [string, string] | null;
        if (extra) search.append(extra[0], extra[1]);
        const text = search.toString();
        return text === '' ? '' : `?${text}`;
      });
    const headers = fc.tuple(...headerParams.map((p) => fc.option(arbitraryFor(p.schema, ctx, p.name, 0, 0).map(asText), { freq: 2 }))).map((values) =>
      Object.fromEntries(
        headerParams.flatMap((p, i) => {
          const value = values[i];
          // Header values must be ASCII without control characters (the HTTP parser refuses others before us).
          return typeof value === 'string' && /^[\x20-\x7e]*$/.test(value) ? [[p.name, value]] : [];
        }),
      ),
    );
    const hasBody = BODY_METHODS.includes(op.method);
    const body: fc.Arbitrary<{ payload?: string | Buffer; contentType?: string }> = !hasBody
      ? fc.constant({})
      : weighted(
          { weight: bodySchema ? 12 : 2, arbitrary: arbitraryFor(bodySchema ?? { type: 'object' }, ctx, '', 0, hostility).map((value) => ({ payload: JSON.stringify(value) ?? '', contentType: 'application/json' })) },
          { weight: 2, arbitrary: fc.constant({}) },
          { weight: hostility === 0 ? 0 : 2, arbitrary: fc.constantFrom(...RAW_BODIES).map((payload) => ({ payload, contentType: 'application/json' })) },
          {
            weight: hostility === 0 ? 0 : 1,
            arbitrary: fc
              .tuple(arbitraryFor(bodySchema ?? { type: 'object' }, ctx, '', 0, 0), fc.constantFrom(...CONTENT_TYPES))
              .map(([value, contentType]) => ({ payload: JSON.stringify(value) ?? '', contentType })),
          },
        );
    const auth = fc.constantFrom<Auth>('session', 'session', 'session', 'anonymous', 'anonymous', 'bogus');
    const origin = fc.constantFrom(TRUSTED_ORIGIN, TRUSTED_ORIGIN, TRUSTED_ORIGIN, 'https://evil.example', undefined);
    const remoteAddress = fc.constantFrom('90.0.0.1', '90.0.0.2', '8.8.8.8', '2.2.2.2');

    // Headers every route may meet: ranges (inside, past the end, broken), conditional requests, compression, forwarded addresses.
    const extra = fc.option(
      fc.constantFrom<Record<string, string>>(
        { range: 'bytes=0-9' },
        { range: 'bytes=99999999-' },
        { range: 'bytes=-0' },
        { range: 'bytes=abc' },
        { 'if-none-match': '*' },
        { 'accept-encoding': 'br, gzip' },
        { 'x-forwarded-for': '8.8.8.8, 127.0.0.1' },
        { 'x-forwarded-for': 'not-an-address' },
      ),
      { freq: 4 },
    );
    return fc.record({ path, query, headers, extra, body, auth, origin, remoteAddress }).map((r) => {
      const requestHeaders: Record<string, string> = { ...r.headers, ...r.extra, accept: 'application/json' };
      if (r.body.contentType !== undefined) requestHeaders['content-type'] = r.body.contentType;
      if (r.origin !== undefined) requestHeaders.origin = r.origin;
      return {
        op,
        url: r.path + r.query,
        auth: r.auth,
        headers: requestHeaders,
        ...(r.body.payload === undefined ? {} : { payload: r.body.payload }),
        remoteAddress: r.remoteAddress,
      };
    });
  }

  /** The credentials of the moment (they change as the fuzzer logs out): added when the request is sent. */
  function withAuth(request: FuzzRequest): Record<string, string> {
    const headers = { ...request.headers };
    if (request.auth === 'session') {
      headers.authorization = `Bearer ${state.session}`;
      if (request.op.path.startsWith('/identity/')) headers.cookie = state.identityCookie;
    } else if (request.auth === 'bogus') {
      headers.authorization = 'Bearer not-a-real-token';
      headers.cookie = 'antenne.session_token=forged.signature';
    }
    return headers;
  }

  const validators = new Map<string, ReturnType<Ajv['compile']>>();
  function validatorFor(key: string, schema: JsonSchema) {
    let validate = validators.get(key);
    if (validate === undefined) {
      validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/')) as object);
      validators.set(key, validate);
    }
    return validate;
  }
  const errorBody = () => validatorFor('ErrorBody', JSON.parse(JSON.stringify(ErrorBodySchema)) as JsonSchema);

  /** A stray request may answer any client error, in the error body. */
  const strayOperation: FuzzOperation = {
    key: 'stray',
    method: '',
    path: '',
    operation: { responses: { default: { content: { 'application/json': { schema: JSON.parse(JSON.stringify(ErrorBodySchema)) as JsonSchema } } } } },
  };

  /** What is wrong with an answer, or undefined. */
  function problemOf(op: FuzzOperation, status: number, contentType: string, body: string): string | undefined {
    if (status >= 500) return `answered ${status}`;
    const declared = op.operation.responses[String(status)] ?? op.operation.responses.default;
    if (declared === undefined) return `answered ${status}, which the operation does not declare`;
    const isJson = /^application\/json/.test(contentType);
    let parsed: unknown;
    if (isJson) {
      try {
        parsed = body === '' ? null : JSON.parse(body);
      } catch {
        return `answered ${status} with a body that is not JSON`;
      }
    }
    if (status >= 400) {
      if (!isJson) return `answered ${status} as ${contentType || 'no content type'}, not the error body`;
      const validate = errorBody();
      if (!validate(parsed)) return `answered ${status} without the error body: ${ajv.errorsText(validate.errors)}`;
      if ((parsed as { httpCode?: number }).httpCode !== status) return `answered ${status} with httpCode ${(parsed as { httpCode?: number }).httpCode}`;
    }
    const schema = declared.content?.['application/json']?.schema;
    if (isJson && schema !== undefined) {
      const validate = validatorFor(`${op.key} ${status}`, schema);
      if (!validate(parsed)) return `answered ${status} not matching its declared schema: ${ajv.errorsText(validate.errors)}`;
    }
    return undefined;
  }

  test('the checker refuses a 5xx, an undeclared status, a body off its schema and an error not in the error body', () => {
    const health = operations.find((op) => op.key === 'GET /healthz') as FuzzOperation;
    const json = 'application/json; charset=utf-8';
    expect(problemOf(health, 200, json, '{"status":"ok","uptimeSeconds":3}')).toBeUndefined();
    expect(problemOf(health, 400, json, '{"httpCode":400,"message":"BAD_REQUEST"}')).toBeUndefined();
    expect(problemOf(health, 500, json, '{"httpCode":500,"message":"INTERNAL_ERROR"}')).toMatch(/answered 500/);
    expect(problemOf(health, 418, json, '{"httpCode":418,"message":"TEAPOT"}')).toMatch(/does not declare/);
    expect(problemOf(health, 200, json, '{"status":"down","uptimeSeconds":3}')).toMatch(/not matching its declared schema/);
    expect(problemOf(health, 400, json, '{"code":"X","message":"x"}')).toMatch(/without the error body/);
    expect(problemOf(health, 400, json, '{"httpCode":404,"message":"NOT_FOUND"}')).toMatch(/with httpCode 404/);
    expect(problemOf(health, 400, 'text/plain', 'Bad Request')).toMatch(/not the error body/);
  });

  test(`${RUNS} generated requests: no 5xx, every answer declared and matching its schema, every error the error body`, async () => {
    print(`fuzz (${engine}): ${RUNS} requests over ${operations.length} operations, FUZZ_SEED=${SEED}`);
    const failures = new Map<string, string>();
    const statuses = new Map<number, number>();
    const reached = new Map<string, number>();
    let sent = 0;

    const HOSTILITY = [0, 1, 3];
    const arbitraries = new Map(operations.flatMap((op) => HOSTILITY.map((h) => [`${op.key} ${h}`, requestFor(op, h)] as const)));
    const request = fc
      .tuple(fc.constantFrom(...operations), fc.constantFrom(...HOSTILITY))
      .chain(([op, h]) => arbitraries.get(`${op.key} ${h}`) as fc.Arbitrary<FuzzRequest>);
    // One in twenty: a method the path does not have (PATCH /healthz, GET on a POST-only call …).
    const stray = fc.tuple(request, fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS')).map(([r, method]) => {
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
        if (request.strayMethod === undefined) reached.set(request.op.key, (reached.get(request.op.key) ?? 0) + 1);
        const problem = problemOf(request.strayMethod === undefined ? request.op : strayOperation, res.statusCode, String(res.headers['content-type'] ?? ''), bodyText(res.rawPayload, res.headers['content-encoding']));
        if (problem !== undefined) {
          const key = `${request.strayMethod === undefined ? '' : `${request.strayMethod} on `}${request.op.key}: ${problem.slice(0, 160)}`;
          if (!failures.has(key)) {
            const payload = request.payload === undefined ? '' : ` body ${String(request.payload).slice(0, 200)}`;
            failures.set(key, `${request.strayMethod ?? request.op.method} ${request.url.slice(0, 200)} (${request.auth})${payload} → ${res.statusCode} ${res.body.slice(0, 300)}`);
          }
        }
        if (res.statusCode < 300 && ENDS_SESSION.some((pattern) => pattern.test(request.op.key))) {
          await refresh(request.op.path.startsWith('/identity/'));
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
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
