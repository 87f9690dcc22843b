import { ErrorBodySchema, playbackPatterns } from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { EmptySchema } from '../../media/index.js';
import { countryOf, originOf, TenantParams } from '../http.js';
import type { AdsService } from './service.js';

export interface AdsRoutesOptions {
  ads: AdsService;
}

const XmlBody = {
  description: 'VAST 4.1 (an empty <VAST version="4.1"/> when no ad applies)',
  content: { 'application/xml': { schema: Type.String() } },
};

/** The pre-roll: the VAST decision and its tracking pixels (README.md). */
export const adsRoutes: FastifyPluginAsyncTypebox<AdsRoutesOptions> = async (app, { ads }) => {
  app.get(
    playbackPatterns.vast.pattern,
    {
      schema: {
        tags: ['playback'],
        summary: 'The pre-roll decision: a VAST 4.1 document with one linear ad',
        description:
          'An empty VAST when no ad is registered, the play session is unknown or over, or the visitor is in the US.',
        params: TenantParams,
        querystring: Type.Object({ playSessionId: Type.Optional(Type.String({ maxLength: 64 })) }),
        response: { 200: XmlBody, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store').type('application/xml; charset=utf-8');
      return ads.vast(request.query.playSessionId, {
        country: countryOf(request),
        origin: originOf(request),
      });
    },
  );

  app.get(
    playbackPatterns.adTracking.pattern,
    {
      schema: {
        tags: ['playback'],
        summary: 'An ad tracking pixel (impression, quartiles, complete, click …): recorded, 204',
        params: TenantParams,
        querystring: Type.Object({
          event: Type.String({ maxLength: 32 }),
          ad: Type.String({ maxLength: 100 }),
          playSessionId: Type.Optional(Type.String({ maxLength: 64 })),
          cb: Type.Optional(Type.String({ maxLength: 64 })),
        }),
        response: { 204: EmptySchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { event, ad, playSessionId } = request.query;
      await ads.track({ event, ad, playSessionId });
      return reply.code(204).header('cache-control', 'no-store').send(undefined);
    },
  );
};
