import type { ExposureRoute } from '@antenne/contract';
import fastifySwagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, test } from 'vitest';
import { toErrorBody } from '../src/lib/errors.js';
import { exposureScope, whitelabelScope, type TypeBoxScope } from '../src/lib/exposure-scope.js';

const tenant = { customer: 'antenne', businessUnit: 'monde' };
const patterns = {
  thing: { version: 'v1', pattern: '/thing/:thingId' },
  other: { version: 'v2', pattern: '/other' },
} as const satisfies Record<string, ExposureRoute>;
const Params = Type.Object({
  customer: Type.String(),
  businessUnit: Type.String(),
  thingId: Type.String(),
});

/** A bare app with one scope: the routes answer their parameters, the not-found handler its own body. */
async function scopedApp(
  register = (scope: TypeBoxScope) => void scope.get(patterns.thing.pattern, () => ({})),
) {
  const app = Fastify().withTypeProvider<TypeBoxTypeProvider>() as unknown as TypeBoxScope;
  app.setErrorHandler((error, _request, reply) => {
    const body = toErrorBody(error);
    return reply.code(body.httpCode).send(body);
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ notFound: true }));
  await app.register(fastifySwagger, { openapi: { openapi: '3.0.3', info: { title: 't', version: '1' } } });
  await exposureScope(app, { tenant, patterns }, register);
  return app;
}

describe('exposureScope: one prefix, one hook for the version and the tenant', () => {
  const full = async () =>
    scopedApp((scope) => {
      scope.get(
        patterns.thing.pattern,
        { schema: { params: Params, querystring: Type.Object({ n: Type.Optional(Type.Integer()) }) } },
        (request) => ({ thingId: request.params.thingId }),
      );
      scope.post(patterns.other.pattern, { schema: { body: Type.Object({ a: Type.String() }) } }, () => ({
        ok: true,
      }));
    });

  test('a route answers on its version, with its parameters', async () => {
    const app = await full();
    const res = await app.inject('/v1/customer/antenne/businessunit/monde/thing/x%2Fy');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ thingId: 'x/y' });
    const other = await app.inject({
      method: 'POST',
      url: '/v2/customer/antenne/businessunit/monde/other',
      payload: { a: 'b' },
    });
    expect(other.json()).toEqual({ ok: true });
  });

  test('another version answers as a path no route has (the not-found handler)', async () => {
    const app = await full();
    for (const url of [
      '/v2/customer/antenne/businessunit/monde/thing/x',
      '/v3/customer/antenne/businessunit/monde/thing/x',
      '/thing/customer/antenne/businessunit/monde/thing/x',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ notFound: true });
    }
    const post = await app.inject({ method: 'POST', url: '/v1/customer/antenne/businessunit/monde/other' });
    expect(post.json()).toEqual({ notFound: true });
  });

  test('another customer or business unit is 404 UNKNOWN_BUSINESS_UNIT, before the input is validated', async () => {
    const app = await full();
    const res = await app.inject('/v1/customer/antenne/businessunit/autre/thing/x?n=abc');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ httpCode: 404, message: 'UNKNOWN_BUSINESS_UNIT' });
    const post = await app.inject({
      method: 'POST',
      url: '/v2/customer/x/businessunit/monde/other',
      payload: {},
    });
    expect(post.json()).toMatchObject({ httpCode: 404, message: 'UNKNOWN_BUSINESS_UNIT' });
  });

  test('the OpenAPI document lists each route at its version', async () => {
    const app = await full();
    await app.ready();
    const paths = Object.keys((app.swagger() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual([
      '/v1/customer/{customer}/businessunit/{businessUnit}/thing/{thingId}',
      '/v2/customer/{customer}/businessunit/{businessUnit}/other',
    ]);
  });

  test('a route that is not one of the contract patterns given is refused at start', async () => {
    await expect(scopedApp((scope) => void scope.get('/thing/:thingId/more', () => ({})))).rejects.toThrow(
      /contract patterns/,
    );
  });

  test('a pattern given on two versions is refused (one documented path per route)', async () => {
    const app = Fastify().withTypeProvider<TypeBoxTypeProvider>() as unknown as TypeBoxScope;
    const twice = { a: { version: 'v1', pattern: '/x' }, b: { version: 'v2', pattern: '/x' } } as const;
    await expect(exposureScope(app, { tenant, patterns: twice }, () => {})).rejects.toThrow(
      /one Exposure version/,
    );
  });
});

describe('whitelabelScope', () => {
  test('answers under the white-label prefix, for this tenant only', async () => {
    const app = Fastify().withTypeProvider<TypeBoxTypeProvider>() as unknown as TypeBoxScope;
    app.setErrorHandler((error, _request, reply) => {
      const body = toErrorBody(error);
      return reply.code(body.httpCode).send(body);
    });
    await whitelabelScope(app, { tenant }, (scope) => void scope.get('/filters', () => ({ ok: true })));
    expect((await app.inject('/v2/whitelabel/customer/antenne/businessunit/monde/filters')).json()).toEqual({
      ok: true,
    });
    const other = await app.inject('/v2/whitelabel/customer/antenne/businessunit/autre/filters');
    expect(other.json()).toMatchObject({ httpCode: 404, message: 'UNKNOWN_BUSINESS_UNIT' });
  });
});
