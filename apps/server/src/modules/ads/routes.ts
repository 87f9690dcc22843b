import {
  DisplayAdCreativeParamsSchema,
  DisplayAdDecisionSchema,
  displayAdPatterns,
  DisplayAdQuerySchema,
  DisplayAdTrackQuerySchema,
  ErrorBodySchema,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Tenant } from '../../lib/business-unit.js';
import { ApiError } from '../../lib/errors.js';
import { exposureScope } from '../../lib/exposure-scope.js';
import { EmptySchema } from '../media/index.js';
import type { DisplayAdsService } from './service.js';
import { viewerOf } from './viewer.js';

export interface DisplayAdsRoutesOptions {
  tenant: Tenant;
  ads: DisplayAdsService;
}

const TenantParams = Type.Object({ customer: Type.String(), businessUnit: Type.String() });
const errors = { 400: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema };
/** A creative's image never changes for a given id, size and language. */
const CREATIVE_CACHE = 'public, max-age=86400';

/** The display ads' calls (README.md): the decision, the tracking, the creatives' images. */
export const displayAdsRoutes: FastifyPluginAsyncTypebox<DisplayAdsRoutesOptions> = async (
  app,
  { tenant, ads },
) => {
  await exposureScope(app, { tenant, patterns: displayAdPatterns }, (scope) => {
    scope.get(
      displayAdPatterns.decision.pattern,
      {
        schema: {
          tags: ['ads'],
          summary: 'The display ad decision of a slot: a house creative at the size class, or {ad: null}',
          description:
            'No ad without advertising consent (the consent string or the antenne_consent cookie), in the US, or when nothing applies. A served creative is recorded.',
          params: TenantParams,
          querystring: DisplayAdQuerySchema,
          response: { 200: DisplayAdDecisionSchema, ...errors },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'private, no-store');
        return ads.decide(request.query, viewerOf(request));
      },
    );

    scope.route({
      method: ['GET', 'POST'],
      url: displayAdPatterns.track.pattern,
      schema: {
        tags: ['ads'],
        summary: 'A display ad tracking event (served, viewable impression, click): recorded, 204',
        description: '403 without advertising consent; 429 past the per-client rate.',
        params: TenantParams,
        querystring: DisplayAdTrackQuerySchema,
        response: { 204: EmptySchema, ...errors },
      },
      handler: async (request, reply) => {
        await ads.track(request.query, viewerOf(request));
        return reply.code(204).header('cache-control', 'no-store').send(undefined);
      },
    });

    scope.get(
      displayAdPatterns.creative.pattern,
      {
        schema: {
          tags: ['ads'],
          summary: 'A house creative as an SVG image of exactly the slot size (`300x250.svg`), in ?lang',
          params: DisplayAdCreativeParamsSchema,
          querystring: Type.Object({ lang: Type.Optional(Type.String({ maxLength: 8 })) }),
          response: {
            200: { description: 'the image', content: { 'image/svg+xml': { schema: Type.String() } } },
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const match = /^(\d+)x(\d+)\.svg$/.exec(request.params.size);
        if (!match) throw new ApiError(404, 'NOT_FOUND');
        const svg = ads.creativeImage(
          request.params.adId,
          Number(match[1]),
          Number(match[2]),
          request.query.lang,
        );
        return reply.header('cache-control', CREATIVE_CACHE).type('image/svg+xml; charset=utf-8').send(svg);
      },
    );
  });
};
