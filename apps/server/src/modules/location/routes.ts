import { ErrorBodySchema, LocationSchema, locationPatterns, rootPatterns } from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Tenant } from '../../lib/business-unit.js';
import { exposureScope } from '../../lib/exposure-scope.js';
import { locationAnswer } from '../../lib/geo.js';

export interface LocationRoutesOptions {
  tenant: Tenant;
}

const TenantParams = Type.Object({ customer: Type.String(), businessUnit: Type.String() });

/**
 * `GET /v2/location`: the caller's country from its address (request.ip honours X-Forwarded-For
 * only when TRUST_PROXY says so); an unknown one is the default country with `locationKnown: false`.
 */
export const locationRoutes: FastifyPluginAsyncTypebox<LocationRoutesOptions> = async (app, { tenant }) => {
  app.get(
    rootPatterns.location,
    { schema: { tags: ['location'], summary: "The caller's country", response: { 200: LocationSchema } } },
    async (request) => locationAnswer(request.ip),
  );

  await exposureScope(app, { tenant, patterns: locationPatterns }, (scope) => {
    scope.get(
      locationPatterns.businessUnitLocation.pattern,
      {
        schema: {
          tags: ['location'],
          summary: "The caller's country (business-unit scoped form)",
          params: TenantParams,
          response: { 200: LocationSchema, 404: ErrorBodySchema },
        },
      },
      async (request) => locationAnswer(request.ip),
    );
  });
};
