import { identityPaths } from '@antenne/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../src/app.js';
import { buildTestApp, createTestDatabase, engines, type TestDatabase } from './helpers/test-app.js';

interface Operation {
  tags?: string[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> } | undefined>;
  requestBody?: unknown;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

const BODY_METHODS = ['post', 'put', 'patch', 'delete'];

/**
 * The OpenAPI document is complete: every operation the app answers (the identity service's
 * too), and on each the error answers its validation can produce, so that a client (or the
 * fuzzer, test/fuzz) driven by it knows every answer it can get.
 */
describe.each(engines)('the OpenAPI document (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    app = await buildTestApp(testDb);
    doc = (await app.inject('/api/docs/openapi.json')).json<OpenApiDocument>();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );

  /** The error body, inline or by reference. */
  const isErrorBody = (answer: Operation['responses'][string]) => {
    const schema = answer?.content?.['application/json']?.schema as
      { $ref?: string; properties?: Record<string, unknown> } | undefined;
    if (schema?.$ref !== undefined) {
      const target = doc.components?.schemas?.[schema.$ref.split('/').pop() ?? ''] as
        { properties?: Record<string, unknown> } | undefined;
      return target?.properties?.httpCode !== undefined && target.properties.message !== undefined;
    }
    return schema?.properties?.httpCode !== undefined && schema.properties.message !== undefined;
  };

  test('lists the identity endpoints the app uses, each with its answers', () => {
    const identity = operations().filter(({ path }) => path.startsWith('/identity/'));
    const listed = new Set(identity.map(({ path }) => path));
    for (const path of Object.values(identityPaths)) expect(listed, path).toContain(path);
    expect(listed).toContain('/identity/reset-password/{token}');
    for (const { path, method, operation } of identity) {
      expect(operation.responses, `${method} ${path}`).toHaveProperty(
        path === '/identity/reset-password/{token}' ? '302' : '200',
      );
      // better-auth's endpoints are rate-limited (providers is Antenne's own answer).
      if (path !== identityPaths.providers)
        expect(isErrorBody(operation.responses['429']), `${method} ${path} 429`).toBe(true);
    }
    const signUp = doc.paths[identityPaths.signUpEmail]?.post;
    expect(JSON.stringify(signUp?.requestBody)).toContain('"maxLength":128');
  });

  test('every operation declares 400 in the error body; every one with a body 413 and 415 too', () => {
    expect(operations().length).toBeGreaterThan(50);
    for (const { path, method, operation } of operations()) {
      const expected = BODY_METHODS.includes(method) ? ['400', '413', '415'] : ['400'];
      for (const status of expected)
        expect(isErrorBody(operation.responses[status]), `${method.toUpperCase()} ${path} ${status}`).toBe(
          true,
        );
    }
  });

  test('every Exposure path declares 404 (an unknown business unit); every personal call 401', () => {
    for (const { path, method, operation } of operations()) {
      if (path.includes('/businessunit/{businessUnit}'))
        expect(isErrorBody(operation.responses['404']), `${method} ${path} 404`).toBe(true);
      if (operation.tags?.includes('accounts'))
        expect(isErrorBody(operation.responses['401']), `${method} ${path} 401`).toBe(true);
    }
  });
});
