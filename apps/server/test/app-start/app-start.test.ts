import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appSessionPaths, paths, whitelabelPrefix } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { check, checkDiscriminated } from './published.js';
import { buildTestApp, createTestDatabase, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';

const LOCALES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../web/public/locales');
const NOW = Date.parse('2026-11-25T08:30:00.123Z');

/** Issue 18, item 1: what a stock Exposure client calls at start, each answer as the published schema says. */
describe.each(engines)('app start (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  let now = NOW;

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    // The built web app's locales (WEB_DIST_DIR/locales): the web app's own files.
    const webDistDir = path.join(testDb.options.dataDir, 'web-dist');
    mkdirSync(webDistDir, { recursive: true });
    cpSync(LOCALES, path.join(webDistDir, 'locales'), { recursive: true });
    app = await buildTestApp(testDb, {
      clock: () => now,
      config: { publicUrl: 'https://tv.example.org', webDistDir },
    });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers });

  describe('GET /v2/customer/{c}/businessunit/{bu}/system/config', () => {
    test('answers ApiSystemConfig: our five languages, French by default, sign-up rules, device groups', async () => {
      const res = await get(appSessionPaths.systemConfig(TENANT));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(check('ApiSystemConfig', body)).toEqual([]);
      expect(body.localization).toMatchObject({
        displayLocales: ['ar', 'de', 'en', 'es', 'fr'],
        defaultLocale: 'fr',
      });
      expect(body.access).toMatchObject({
        accessModel: 'login',
        signupMinimumAge: 16,
        signupModel: 'confirmed',
      });
      expect(body.deviceGroups).toEqual(['WEB', 'WEB_TV', 'MOBILE', 'TABLET', 'TV']);
      expect(body.sentry).toEqual({ enabled: false });
    });

    test('another business unit is 404 UNKNOWN_BUSINESS_UNIT; the call answers on v2 only', async () => {
      const other = await get(appSessionPaths.systemConfig({ ...TENANT, businessUnit: 'autre' }));
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ httpCode: 404, message: 'UNKNOWN_BUSINESS_UNIT' });
      expect(check('API Error message', other.json())).toEqual([]);
      const v1 = await get(appSessionPaths.systemConfig(TENANT).replace('/v2/', '/v1/'));
      expect(v1.statusCode).toBe(404);
    });
  });

  describe('GET /v2/time and /v1/…/time', () => {
    test("answer the server clock's time as TimeResponse", async () => {
      now = NOW;
      for (const url of [appSessionPaths.time(), appSessionPaths.businessUnitTime(TENANT)]) {
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        expect(check('TimeResponse', res.json())).toEqual([]);
        expect(res.json()).toEqual({ epochMillis: NOW, iso8601: '2026-11-25T08:30:00.123Z' });
        expect(res.headers['cache-control']).toBe('no-store');
      }
      now = NOW + 5000;
      expect((await get(appSessionPaths.time())).json().epochMillis).toBe(NOW + 5000);
    });
  });

  describe('GET /v2/whitelabel/origin/{host}/config/{configId}', () => {
    test("the PUBLIC_URL's host (with or without a port) is this business unit: the config as ApiConfig", async () => {
      for (const host of ['tv.example.org', 'TV.example.org:443']) {
        const res = await get(appSessionPaths.originConfig(host));
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(checkDiscriminated('ApiConfig', body)).toEqual([]);
        expect(body).toMatchObject({
          customer: TENANT.customer,
          businessUnit: TENANT.businessUnit,
          id: 'sandwich',
        });
        // Red Bee's clients pick their API base from systemConfig.production at once.
        expect(check('ApiSystemConfig', body.systemConfig)).toEqual([]);
        expect(body.systemConfig).toEqual((await get(appSessionPaths.systemConfig(TENANT))).json());
        // Otherwise the same config as the business-unit scoped call.
        const { systemConfig: _systemConfig, ...config } = body;
        expect(config).toEqual((await get(paths.wlConfig(TENANT))).json());
      }
    });

    test('the host the request came to is served too', async () => {
      const res = await get(appSessionPaths.originConfig('192.168.1.5'), { host: '192.168.1.5:8080' });
      expect(res.statusCode).toBe(200);
      expect(res.json().businessUnit).toBe(TENANT.businessUnit);
    });

    test('another host is 404 UNKNOWN_BUSINESS_UNIT; an unknown config 404 NOT_FOUND; a hostile host 400', async () => {
      const other = await get(appSessionPaths.originConfig('evil.example.com'));
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ httpCode: 404, message: 'UNKNOWN_BUSINESS_UNIT' });
      expect(check('API Error message', other.json())).toEqual([]);
      const config = await get(appSessionPaths.originConfig('tv.example.org', 'autre'));
      expect(config.statusCode).toBe(404);
      expect(config.json().message).toBe('NOT_FOUND');
      for (const host of ['a'.repeat(300), 'tv.example.org%00', 'tv example.org']) {
        const res = await get(`/v2/whitelabel/origin/${host}/config/sandwich`);
        expect(res.statusCode).toBe(400);
      }
    });
  });

  describe('GET /v1/config/{fileId}/origin/{host}', () => {
    test('config_web.json of the business unit served at the host, as ApiConfigFile', async () => {
      const res = await get(appSessionPaths.originConfigFile('config_web.json', 'tv.example.org'));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(check('ApiConfigFile', body)).toEqual([]);
      expect(body).toMatchObject({
        customer: TENANT.customer,
        businessUnit: TENANT.businessUnit,
        fileName: 'config_web.json',
      });
      expect(body.config).toEqual((await get(paths.configWeb())).json());
      expect((await get(appSessionPaths.originConfigFile('secrets.json', 'tv.example.org'))).statusCode).toBe(
        404,
      );
      expect(
        (await get(appSessionPaths.originConfigFile('config_web.json', 'evil.example.com'))).json().message,
      ).toBe('UNKNOWN_BUSINESS_UNIT');
    });
  });

  describe('GET /v2/whitelabel/customer/{c}/businessunit/{bu}/translations/{language}/{configId}', () => {
    const translations = (language: string, configId = 'sandwich') =>
      `${whitelabelPrefix(TENANT)}/translations/${language}/${configId}`;

    test('answers the web app’s own strings of the language (a regional tag reads its language)', async () => {
      for (const [language, file] of [
        ['fr', 'fr'],
        ['ar', 'ar'],
        ['en-GB', 'en'],
        ['ES', 'es'],
      ] as const) {
        const res = await get(translations(language));
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(JSON.parse(readFileSync(path.join(LOCALES, `${file}.json`), 'utf8')));
      }
    });

    test('a language without strings, an unknown config or another business unit is 404; a hostile language 400', async () => {
      expect((await get(translations('sv'))).json()).toMatchObject({ httpCode: 404, message: 'NOT_FOUND' });
      expect((await get(translations('fr', 'autre'))).statusCode).toBe(404);
      const other = await get(translations('fr').replace('/monde/', '/autre/'));
      expect(other.json().message).toBe('UNKNOWN_BUSINESS_UNIT');
      expect((await get(translations('..%2F..%2Fsecret'))).statusCode).toBe(400);
      expect((await get(translations('f'.repeat(40)))).statusCode).toBe(400);
    });
  });

  describe('GET /v2/location from an address of unknown country', () => {
    test('the default country FR with locationKnown false, as ApiLocation (never a null code)', async () => {
      for (const url of [paths.location(), paths.businessUnitLocation(TENANT)]) {
        const res = await get(url);
        expect(res.json()).toEqual({ locationKnown: false, countryCode: 'FR' });
        expect(check('ApiLocation', res.json())).toEqual([]);
      }
      const filters = await get(paths.filters(TENANT));
      expect(filters.json()).toMatchObject({ locationKnown: false, countryCode: 'FR' });
    });
  });
});
