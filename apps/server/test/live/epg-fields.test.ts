import { epgPaths, type Asset, type ChannelEpg, type ErrorBody, type Program } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { engines, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { demoApp, demoDatabase, publishedSchemas, TestClock } from './helpers.js';

/**
 * The EPG date calls' field selection (Exposure's `fieldSet`, `includeFields`, `excludeFields`, as
 * on the catalogue lists): the asset fields asked are the fields answered, the programme's own
 * fields stay, and every answer still validates against the published Exposure schemas.
 */

const MONDE = 'chaine-antenne-monde';
const TODAY = '2026-11-24';
/** What the web guide asks (apps/web/src/api/epg.ts GUIDE_FIELDS): the titles per language. */
const GUIDE_QUERY =
  'fieldSet=NONE&includeFields=localized&excludeFields=' +
  ['sortingTitle', 'article', 'description', 'tinyDescription', 'shortDescription', 'longDescription']
    .concat(['extendedDescription', 'images'])
    .map((f) => `localized.${f}`)
    .join(',');

const withoutAsset = ({ asset: _asset, ...rest }: Program) => rest;
const keysOf = (assets: Asset[]) => new Set(assets.flatMap((a) => Object.keys(a)));

describe.each(engines)('the EPG date calls choose their assets’ fields (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  const published = publishedSchemas();
  beforeAll(async () => {
    testDb = await demoDatabase(engine);
    app = await demoApp(testDb, new TestClock());
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const get = async <T>(url: string, status = 200) => {
    const res = await app.inject(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(status);
    return { body: res.json<T>(), bytes: res.rawPayload.length };
  };
  const allDay = (query: string) =>
    get<ChannelEpg[]>(`${epgPaths.allDate(TENANT, TODAY)}?pageSize=10000&${query}`);
  const programsOf = (buckets: ChannelEpg[]) => buckets.flatMap((b) => b.programs);

  test("the guide's selection: titles per language only, the programmes unchanged, a tenth of the bytes", async () => {
    const partial = await allDay('');
    const guide = await allDay(GUIDE_QUERY);
    expect(published('ApiChannelEPGResponse[]', guide.body)).toEqual([]);
    const programs = programsOf(guide.body);
    expect(programs.map(withoutAsset)).toEqual(programsOf(partial.body).map(withoutAsset));
    expect(keysOf(programs.map((p) => p.asset))).toEqual(new Set(['assetId', 'type', 'localized']));
    const localized = programs.flatMap((p) => p.asset.localized ?? []);
    expect(new Set(localized.flatMap((l) => Object.keys(l)))).toEqual(new Set(['locale', 'title']));
    const journal = programs.find((p) => p.channelId === MONDE && p.startTime === `${TODAY}T20:00:00.000Z`);
    expect(journal?.asset.localized?.find((l) => l.locale === 'fr')?.title).toBe('Le Journal');
    expect(guide.bytes * 8).toBeLessThan(partial.bytes);
  });

  test('PARTIAL by default (the published call unchanged), NONE, ALL and top-level includes and excludes', async () => {
    const day = `${epgPaths.channelDate(TENANT, MONDE, TODAY)}?pageSize=500`;
    const partial = (await get<ChannelEpg>(day)).body;
    expect(published('ApiChannelEPGResponse', partial)).toEqual([]);
    expect(partial).toEqual((await get<ChannelEpg>(`${day}&fieldSet=PARTIAL`)).body);
    const partialKeys = keysOf(partial.programs.map((p) => p.asset));
    expect(partialKeys.has('localized')).toBe(true);
    expect(partialKeys.has('medias')).toBe(false);

    const none = (await get<ChannelEpg>(`${day}&fieldSet=NONE`)).body;
    expect(published('ApiChannelEPGResponse', none)).toEqual([]);
    expect(keysOf(none.programs.map((p) => p.asset))).toEqual(new Set(['assetId', 'type']));
    expect(none.programs.map(withoutAsset)).toEqual(partial.programs.map(withoutAsset));

    const all = (await get<ChannelEpg>(`${day}&fieldSet=ALL`)).body;
    expect(published('ApiChannelEPGResponse', all)).toEqual([]);
    const allKeys = keysOf(all.programs.map((p) => p.asset));
    expect([...partialKeys].filter((k) => !allKeys.has(k))).toEqual([]);
    expect(allKeys.size).toBeGreaterThan(partialKeys.size);

    const some = (
      await get<ChannelEpg>(`${day}&fieldSet=NONE&includeFields=parentalRatings,duration&excludeFields=type`)
    ).body;
    expect(published('ApiChannelEPGResponse', some)).toEqual([]);
    // assetId and type are never left out (they name the asset).
    const someKeys = keysOf(some.programs.map((p) => p.asset));
    expect(someKeys).toEqual(new Set(['assetId', 'type', 'parentalRatings', 'duration']));

    const noImages = (await get<ChannelEpg>(`${day}&excludeFields=localized.images,tags`)).body;
    expect(published('ApiChannelEPGResponse', noImages)).toEqual([]);
    const assets = noImages.programs.map((p) => p.asset);
    expect(keysOf(assets).has('tags')).toBe(false);
    expect(assets.flatMap((a) => a.localized ?? []).some((l) => l.images !== undefined)).toBe(false);
    expect(assets.flatMap((a) => a.localized ?? []).every((l) => l.title !== undefined)).toBe(true);
  });

  test('each selection is its own cached answer; a bad selection is a 400 in the one error body', async () => {
    const day = `${epgPaths.channelDate(TENANT, MONDE, TODAY)}?pageSize=3`;
    const none = await get<ChannelEpg>(`${day}&fieldSet=NONE`);
    const partial = await get<ChannelEpg>(day);
    expect(none.bytes).toBeLessThan(partial.bytes);
    for (const query of [
      'fieldSet=SOME',
      'includeFields=localized%20title',
      'excludeFields=,images',
      `includeFields=${'a'.repeat(1001)}`,
    ]) {
      const { body } = await get<ErrorBody>(`${day}&${query}`, 400);
      expect(body.httpCode).toBe(400);
      expect(body.message).toBeTruthy();
    }
  });
});
