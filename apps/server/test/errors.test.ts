import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../src/app.js';
import { ApiError } from '../src/lib/errors.js';
import {
  buildTestApp,
  createTestDatabase,
  engines,
  memoryLogger,
  type TestDatabase,
} from './helpers/test-app.js';

describe.each(engines)('errors and request ids (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  const logs = memoryLogger();
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    app = await buildTestApp(testDb, {
      logger: logs.logger,
      extend: (a) => {
        a.get('/v2/test/boom', async () => {
          throw new Error('secret connection string postgres://user:pw@db');
        });
        a.get('/v2/test/teapot', async () => {
          throw new ApiError(403, 'FORBIDDEN', 'not for you');
        });
        a.post('/v2/test/echo', async (request) => ({ received: request.body }));
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  test('an unknown API path answers 404 in the error body', async () => {
    for (const url of [
      '/v2/nope',
      '/v1/customer/antenne/businessunit/monde/nothing',
      '/api/nope',
      '/config/other.json',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ httpCode: 404, message: 'NOT_FOUND' });
    }
  });

  test('a URL with broken percent-encoding answers 400 in the error body', async () => {
    const res = await app.inject('/images/%E0%A4%A.png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ httpCode: 400, message: 'BAD_REQUEST' });
  });

  test('an internal error answers 500 INTERNAL_ERROR without details, and is logged with method, url and request id', async () => {
    const res = await app.inject({ url: '/v2/test/boom', headers: { 'x-request-id': 'trace-boom-0001' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ httpCode: 500, message: 'INTERNAL_ERROR' });
    expect(res.body).not.toContain('secret');
    const line = logs.lines().find((l) => l.msg === 'request failed' && l.reqId === 'trace-boom-0001');
    expect(line).toMatchObject({ method: 'GET', url: '/v2/test/boom', level: 50 });
  });

  test('a domain error answers its own code', async () => {
    const res = await app.inject('/v2/test/teapot');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ httpCode: 403, message: 'FORBIDDEN', extendedMessage: 'not for you' });
  });

  test('a malformed JSON body answers 400 INVALID_JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v2/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ httpCode: 400, message: 'INVALID_JSON' });
  });

  test('a sane incoming x-request-id is reused and echoed; a strange one is replaced', async () => {
    const reused = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-1234-abcd' } });
    expect(reused.headers['x-request-id']).toBe('lb-1234-abcd');
    const replaced = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id <script>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const fresh = await app.inject('/healthz');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('authorization and cookie headers never reach the logs', async () => {
    app.log.info(
      { req: { headers: { authorization: 'Bearer s3cr3t', cookie: 'sid=s3cr3t' } } },
      'headers seen',
    );
    const line = logs.lines().find((l) => l.msg === 'headers seen');
    expect(JSON.stringify(line)).not.toContain('s3cr3t');
  });
});
