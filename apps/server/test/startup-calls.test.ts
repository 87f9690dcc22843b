import {
  ComponentSchema,
  ConfigWebSchema,
  ContractCountriesSchema,
  ErrorBodySchema,
  LocationFiltersSchema,
  paths,
  WlConfigSchema,
  type Component,
  type ConfigWeb,
  type ContractCountries,
  type MenuItem,
  type WlConfig,
} from '@antenne/contract';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../src/app.js';
import { SERVER_VERSION } from '../src/lib/version.js';
import { buildTestApp, createTestDatabase, engines, TENANT, type TestDatabase } from './helpers/test-app.js';

const isConfigWeb = Compile(ConfigWebSchema);
const isContractCountries = Compile(ContractCountriesSchema);
const isLocationFilters = Compile(LocationFiltersSchema);
const isWlConfig = Compile(WlConfigSchema);
const isComponent = Compile(ComponentSchema);
const isErrorBody = Compile(ErrorBodySchema);

describe.each(engines)('startup calls (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    app = await buildTestApp(testDb);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  describe('GET /config/config_web.json', () => {
    test('answers the seeded web config in the house colours', async () => {
      const res = await get('/config/config_web.json?client=json');
      expect(res.statusCode).toBe(200);
      const body = res.json<ConfigWeb>();
      expect(isConfigWeb.Check(body)).toBe(true);
      expect(body).toMatchObject({ ...TENANT, exposureBaseUrl: '', version: SERVER_VERSION });
      expect(body.design.theme.standard.primaryColor).toBe('#00A3A6');
      expect(body.design.theme.standard.backgroundColor).toBe('#0B1F3A');
      expect(body.swimlanes).toEqual({ maxItems: 10, viewabilityThreshold: 0.95 });
      expect(body.avatars.length).toBeGreaterThan(0);
      // The pay-TV providers are the enabled distributors' (the test distributor by default: issue 19).
      expect(body.provider.enabled).toBe(true);
      expect(body.provider.providers.map((provider) => provider.ID)).toEqual(['antenne-test']);
    });

    test('/config.json is the same body (fallback path)', async () => {
      const [primary, fallback] = await Promise.all([get('/config/config_web.json'), get('/config.json')]);
      expect(fallback.statusCode).toBe(200);
      expect(fallback.json()).toEqual(primary.json());
    });
  });

  test('GET /contracts-countries.json lists each contract and its countries', async () => {
    const res = await get('/contracts-countries.json?client=json');
    expect(res.statusCode).toBe(200);
    const body = res.json<ContractCountries>();
    expect(isContractCountries.Check(body)).toBe(true);
    expect(body.map((c) => c.id)).toEqual(['francophonie', 'europe-francophone']);
    expect(body[0]?.allowedCountries).toContain('SN');
  });

  test('GET .../filters answers the location and the device filter', async () => {
    const res = await get(`${paths.filters(TENANT)}?client=json`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(isLocationFilters.Check(body)).toBe(true);
    expect(body).toEqual({
      locationKnown: false,
      countryCode: 'FR',
      filters: [{ type: 'DEVICE', value: 'WEB' }],
    });
  });

  describe('GET .../config/sandwich', () => {
    test('answers the structure: home page, menu and footer references', async () => {
      const res = await get(
        `${paths.wlConfig(TENANT)}?paymentMethodPreview=false&filters=DEVICE:WEB&client=json`,
      );
      expect(res.statusCode).toBe(200);
      const body = res.json<WlConfig>();
      expect(isWlConfig.Check(body)).toBe(true);
      expect(body).toMatchObject({ id: 'sandwich', ...TENANT });
      expect(body.theme.primaryBrandColor).toBe('#00A3A6');
      expect(body.components.homePage?.[0]).toMatchObject({
        appType: 'page',
        referenceId: 'home',
        referenceUrl: paths.wlComponent(TENANT, 'home'),
      });
      expect(body.components.menu?.[0]?.referenceUrl).toBe(paths.wlComponent(TENANT, 'main-menu'));
      expect(body.components.footer?.[0]?.referenceUrl).toBe(paths.wlComponent(TENANT, 'footer'));
    });

    test('accepts an allowed country and unknown extra parameters', async () => {
      const res = await get(
        `${paths.wlConfig(TENANT)}?allowedCountry=FR&inlineComponents=false&utm_source=x`,
      );
      expect(res.statusCode).toBe(200);
    });

    test.each([
      ['allowedCountry=france', 'querystring/allowedCountry'],
      ['filters=bad', 'querystring/filters'],
      ['paymentMethodPreview=maybe', 'querystring/paymentMethodPreview'],
    ])('a bad query parameter (%s) answers 400 naming the field', async (query, field) => {
      const res = await get(`${paths.wlConfig(TENANT)}?${query}`);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(isErrorBody.Check(body)).toBe(true);
      expect(body.httpCode).toBe(400);
      expect(body.message).toBe('BAD_REQUEST');
      expect(body.extendedMessage).toContain(field);
    });

    test('an unknown config id answers 404', async () => {
      const res = await get(paths.wlConfig(TENANT, 'club'));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ httpCode: 404, message: 'NOT_FOUND' });
    });
  });

  describe('GET .../config/sandwich/component/{id}', () => {
    test('every component the structure references answers and validates', async () => {
      const config = (await get(paths.wlConfig(TENANT))).json<WlConfig>();
      const references = Object.values(config.components).flat();
      expect(references.length).toBeGreaterThanOrEqual(3);
      for (const reference of references) {
        const res = await get(reference.referenceUrl);
        expect(res.statusCode, reference.referenceUrl).toBe(200);
        const component = res.json<Component>();
        expect(isComponent.Check(component)).toBe(true);
        expect(component.id).toBe(reference.referenceId);
      }
    });

    test('the home page body points at a component that exists', async () => {
      const home = (await get(paths.wlComponent(TENANT, 'home'))).json<Component>();
      const first = home.components?.pageBody?.[0] as { referenceUrl: string };
      expect((await get(first.referenceUrl)).statusCode).toBe(200);
    });

    test('footer items carry a group prefix before the separator', async () => {
      const footer = (await get(paths.wlComponent(TENANT, 'footer'))).json<Component>();
      const titles = (footer.components?.menuItems as MenuItem[]).map(
        (item) => item.presentation.fallback.title,
      );
      expect(titles).toContain('Informations légales | Mentions légales');
      expect(titles.every((title) => title?.includes(' | '))).toBe(true);
    });

    test('an unknown component answers 404 UNKNOWN_COMPONENT', async () => {
      const res = await get(paths.wlComponent(TENANT, 'nope'));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ httpCode: 404, message: 'UNKNOWN_COMPONENT' });
    });
  });

  describe('an unknown customer or business unit', () => {
    test.each([
      paths.filters({ customer: 'other', businessUnit: TENANT.businessUnit }),
      paths.wlConfig({ customer: TENANT.customer, businessUnit: 'other' }),
      paths.wlComponent({ customer: 'Antenne', businessUnit: TENANT.businessUnit }, 'home'),
    ])('%s answers 404 UNKNOWN_BUSINESS_UNIT', async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      const body = res.json();
      expect(isErrorBody.Check(body)).toBe(true);
      expect(body).toMatchObject({ httpCode: 404, message: 'UNKNOWN_BUSINESS_UNIT' });
    });
  });
});
