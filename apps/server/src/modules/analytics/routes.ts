import {
  ANALYTICS_MAX_BODY_BYTES,
  ANALYTICS_MAX_EVENTS,
  AnalyticsEventBatchSchema,
  analyticsPatterns,
  ErrorBodySchema,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Tenant } from '../../lib/business-unit.js';
import { exposureScope } from '../../lib/exposure-scope.js';
import { jsonContentParser } from '../../lib/input-guard.js';
import { strictBatchCompiler } from './batch-validator.js';
import type { AnalyticsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The audience analytics (modules/analytics): the dashboard reads `analytics.report(range)`. */
    analytics: AnalyticsService;
  }
}

export interface AnalyticsRoutesOptions {
  tenant: Tenant;
  /** The one service the app built. */
  analytics: AnalyticsService;
}

const TenantParams = Type.Object({ customer: Type.String(), businessUnit: Type.String() });

/** The audience events' intake (README.md): `admit` (the rate limit) before the body is read, then a thin handler over `ingest`. */
export const analyticsRoutes: FastifyPluginAsyncTypebox<AnalyticsRoutesOptions> = async (
  app,
  { tenant, analytics },
) => {
  await exposureScope(app, { tenant, patterns: analyticsPatterns }, async (scope) => {
    // navigator.sendBeacon(url, string) sends text/plain: the same strict JSON parser for it.
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'buffer' }, jsonContentParser);

    scope.post(
      analyticsPatterns.events.pattern,
      {
        bodyLimit: ANALYTICS_MAX_BODY_BYTES,
        // Strict: unknown properties refused (not dropped), each event checked by its kind.
        validatorCompiler: strictBatchCompiler,
        // Every request counts against the address's limit, before its body is read or checked.
        onRequest: async (request) => analytics.admit(request.ip),
        schema: {
          tags: ['analytics'],
          summary:
            'The web app’s audience events (page, category, search results, not found, media), in batches',
          description:
            'Sent only with audience-measurement consent: `consent` is the consent string (`v1;analytics=1;…`), 403 FORBIDDEN ' +
            `otherwise. 1 to ${ANALYTICS_MAX_EVENTS} events, strict shapes (400 naming what is wrong), at most ` +
            `${ANALYTICS_MAX_BODY_BYTES / 1024} KiB (413); JSON as application/json or text/plain (sendBeacon). ` +
            '429 TOO_MANY_REQUESTS past ANALYTICS_RATE_LIMIT batches per client address and minute. 204 with no body.',
          params: TenantParams,
          body: AnalyticsEventBatchSchema,
          response: {
            204: Type.Null({ description: 'stored' }),
            400: ErrorBodySchema,
            403: ErrorBodySchema,
            404: ErrorBodySchema,
            413: ErrorBodySchema,
            429: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        await analytics.ingest(request.body);
        return reply.code(204).send(null);
      },
    );
  });
};
