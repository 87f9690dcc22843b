import { ConsentStringSchema, ErrorBodySchema, playbackPatterns } from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Tenant } from '../../../lib/business-unit.js';
import { exposureScope } from '../../../lib/exposure-scope.js';
import { EmptySchema } from '../../media/index.js';
import { viewerOf } from '../viewer.js';
import type { PrerollService } from './service.js';

export interface PrerollRoutesOptions {
  tenant: Tenant;
  preroll: PrerollService;
}

const TenantParams = Type.Object({ customer: Type.String(), businessUnit: Type.String() });
/** The pre-roll's two calls (the contract keeps them with the playback paths the play response links). */
const prerollPatterns = { vast: playbackPatterns.vast, adTracking: playbackPatterns.adTracking };

const XmlBody = {
  description: 'VAST 4.1 (an empty <VAST version="4.1"/> when no ad applies)',
  content: { 'application/xml': { schema: Type.String() } },
};

/** The pre-roll: the VAST decision and its tracking pixels (../README.md). */
export const prerollRoutes: FastifyPluginAsyncTypebox<PrerollRoutesOptions> = async (
  app,
  { tenant, preroll },
) => {
  await exposureScope(app, { tenant, patterns: prerollPatterns }, (scope) => {
    scope.get(
      prerollPatterns.vast.pattern,
      {
        schema: {
          tags: ['ads'],
          summary: 'The pre-roll decision: a VAST 4.1 document with one linear ad',
          description:
            'An empty VAST without advertising consent (the consent string or the antenne_consent cookie), for a visitor ' +
            'in the US, when no ad is registered, or when the play session is unknown or over. The pixels carry the consent string back.',
          params: TenantParams,
          querystring: Type.Object({
            playSessionId: Type.Optional(Type.String({ maxLength: 64 })),
            consent: Type.Optional(ConsentStringSchema),
          }),
          response: { 200: XmlBody, 404: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'private, no-store').type('application/xml; charset=utf-8');
        return preroll.vast(request.query, viewerOf(request));
      },
    );

    scope.get(
      prerollPatterns.adTracking.pattern,
      {
        schema: {
          tags: ['ads'],
          summary: 'A pre-roll tracking pixel (impression, quartiles, complete, click …): recorded, 204',
          description: '403 without advertising consent (the consent string or the antenne_consent cookie).',
          params: TenantParams,
          querystring: Type.Object({
            event: Type.String({ maxLength: 32 }),
            ad: Type.String({ maxLength: 100 }),
            playSessionId: Type.Optional(Type.String({ maxLength: 64 })),
            consent: Type.Optional(ConsentStringSchema),
            cb: Type.Optional(Type.String({ maxLength: 64 })),
          }),
          response: { 204: EmptySchema, 400: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        await preroll.track(request.query, viewerOf(request));
        return reply.code(204).header('cache-control', 'no-store').send(undefined);
      },
    );
  });
};
