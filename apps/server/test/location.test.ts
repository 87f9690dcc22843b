import { paths } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../src/app.js';
import { buildTestApp, createTestDatabase, TENANT, type TestDatabase } from './helpers/test-app.js';

// Location does not touch the database: one engine is enough.
describe('GET /v2/location', () => {
  let testDb: TestDatabase;
  let direct: App;
  let behindProxy: App;
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
    direct = await buildTestApp(testDb, { config: { trustProxy: false } });
    behindProxy = await buildTestApp(testDb, { config: { trustProxy: ['127.0.0.1'] } });
  });
  afterAll(async () => {
    await direct?.close();
    await behindProxy?.close();
    await testDb?.cleanup();
  });

  test.each([
    '127.0.0.1',
    '::1',
    '::ffff:127.0.0.1',
    '10.1.2.3',
    '192.168.1.20',
    '172.20.0.5',
    '169.254.1.1',
    'fe80::1',
    'fd12::1',
  ])('a non-public address (%s) is an unknown location', async (remoteAddress) => {
    const res = await direct.inject({ url: '/v2/location?client=json', remoteAddress });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ locationKnown: false, countryCode: 'FR' });
  });

  test('a public address gives its country', async () => {
    const res = await direct.inject({ url: '/v2/location', remoteAddress: '8.8.8.8' });
    expect(res.json()).toEqual({ locationKnown: true, countryCode: 'US' });
  });

  test('X-Forwarded-For is ignored when TRUST_PROXY is off', async () => {
    const res = await direct.inject({
      url: '/v2/location',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '8.8.8.8' },
    });
    expect(res.json()).toEqual({ locationKnown: false, countryCode: 'FR' });
  });

  test('X-Forwarded-For from a trusted proxy is honoured', async () => {
    const res = await behindProxy.inject({
      url: '/v2/location',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '8.8.8.8' },
    });
    expect(res.json()).toEqual({ locationKnown: true, countryCode: 'US' });
  });

  test('X-Forwarded-For from an untrusted client is ignored even with a proxy list', async () => {
    const res = await behindProxy.inject({
      url: '/v2/location',
      remoteAddress: '203.0.114.9',
      headers: { 'x-forwarded-for': '8.8.8.8' },
    });
    expect(res.json().countryCode).not.toBe('US');
  });

  test('the filters call carries the same location', async () => {
    const res = await behindProxy.inject({
      url: paths.filters(TENANT),
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '8.8.8.8' },
    });
    expect(res.json()).toMatchObject({ locationKnown: true, countryCode: 'US' });
  });

  describe('device filter from the User-Agent', () => {
    test.each([
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
        'WEB',
      ],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
        'WEB',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        'MOBILE',
      ],
      [
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
        'MOBILE',
      ],
      [
        'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        'TABLET',
      ],
      [
        'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
        'TABLET',
      ],
      [
        'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.5) AppleWebKit/537.36 (KHTML, like Gecko) 85.0 TV Safari/537.36',
        'WEB_TV',
      ],
      [
        'Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/87.0 Safari/537.36 WebAppManager',
        'WEB_TV',
      ],
      [
        'Mozilla/5.0 (Linux; Android 9; AFTSSS) AppleWebKit/537.36 (KHTML, like Gecko) Silk/112.5 like Chrome/112.0 Safari/537.36',
        'WEB_TV',
      ],
    ])('%s → %s', async (userAgent, group) => {
      const res = await direct.inject({ url: paths.filters(TENANT), headers: { 'user-agent': userAgent } });
      expect(res.json().filters).toEqual([{ type: 'DEVICE', value: group }]);
    });

    test('no User-Agent counts as WEB', async () => {
      const res = await direct.inject({ url: paths.filters(TENANT), headers: { 'user-agent': '' } });
      expect(res.json().filters).toEqual([{ type: 'DEVICE', value: 'WEB' }]);
    });
  });
});
