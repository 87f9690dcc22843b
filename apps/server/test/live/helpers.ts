import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AjvCompiler, type Ajv } from '@fastify/ajv-compiler';
import type { App } from '../../src/app.js';
import type { Engine } from '../../src/db/database.js';
import { importDemoIfEmpty } from '../../src/modules/catalogue/demo-content.js';
import { buildTestApp, createTestDatabase, TENANT, type TestDatabase } from '../helpers/test-app.js';

/** A moment of the demo's schedule the tests start at (a Tuesday, 12:34:56 UTC). */
export const START = Date.parse('2026-11-24T12:34:56Z');
export const DAY = 86_400_000;
export const MINUTE = 60_000;

/** A clock the test moves. */
export class TestClock {
  constructor(public ms = START) {}
  readonly now = () => this.ms;
}

/** A fresh database holding the demo catalogue. */
export async function demoDatabase(engine: Engine): Promise<TestDatabase> {
  const testDb = await createTestDatabase(engine);
  const database = testDb.open();
  try {
    const result = await importDemoIfEmpty(database.db, TENANT);
    if (!result?.ok) throw new Error('the demo catalogue did not load');
  } finally {
    await database.destroy();
  }
  return testDb;
}

export function demoApp(testDb: TestDatabase, clock: TestClock): Promise<App> {
  return buildTestApp(testDb, { clock: clock.now, cacheCheckEveryMs: 0 });
}

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');

/**
 * Checks an answer against a schema of the published Exposure OpenAPI (the EPG's, extracted in
 * test/fixtures/exposure-epg-schemas.json, or another extract of test/fixtures named by `fixture`:
 * `exposure-app-schemas.json` for issue 18's app-start and session answers …), with Fastify's own
 * Ajv 8 and formats (date-time).
 */
export function publishedSchemas(
  /** A fixture of test/fixtures extracted from the published document (extract-exposure-schemas.mjs). */
  fixture = 'exposure-epg-schemas.json',
): (name: string, body: unknown) => string[] {
  let ajv: Ajv | undefined;
  AjvCompiler()(
    {},
    {
      customOptions: {
        coerceTypes: false,
        useDefaults: false,
        removeAdditional: false,
        strict: false,
        allErrors: true,
      },
      onCreate: (instance) => {
        ajv = instance;
      },
    },
  );
  if (ajv === undefined) throw new Error('Ajv was not created');
  const doc = JSON.parse(readFileSync(path.join(FIXTURES, fixture), 'utf8')) as { components: object };
  ajv.addSchema({ $id: 'exposure.json', components: doc.components });
  const compiler = ajv;
  const validators = new Map<string, ReturnType<Ajv['compile']>>();
  return (name, body) => {
    const ref = (schema: string) => ({ $ref: `exposure.json#/components/schemas/${schema}` });
    let validate = validators.get(name);
    if (validate === undefined) {
      validate = compiler.compile(
        name.endsWith('[]') ? { type: 'array', items: ref(name.slice(0, -2)) } : ref(name),
      );
      validators.set(name, validate);
    }
    return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
  };
}
