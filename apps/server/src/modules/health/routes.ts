import {
  appStartRootPatterns,
  ErrorBodySchema,
  HealthSchema,
  ReadySchema,
  timePatterns,
  TimeResponseSchema,
  type TimeResponse,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { DatabaseHandle } from '../../db/database.js';
import { pingDatabase } from '../../db/database.js';
import { databaseFailureOf, errorSummary } from '../../db/failures.js';
import type { Tenant } from '../../lib/business-unit.js';
import { RETRY_AFTER_SECONDS } from '../../lib/errors.js';
import { exposureScope } from '../../lib/exposure-scope.js';
import type { DemoState } from '../media/index.js';

export interface HealthRoutesOptions {
  database: DatabaseHandle;
  /** The demo's media preparation, reported by /readyz. */
  demo?: { state: DemoState };
  /** The business unit of the scoped time call. */
  tenant: Tenant;
  /** The server's clock (ms since the epoch): the time calls answer it. */
  clock?: () => number;
}

const TenantParams = Type.Object({ customer: Type.String(), businessUnit: Type.String() });

/**
 * Liveness (no database) and readiness (`select 1`, and what the app's queries found: a full disk)
 * probes for load balancers and orchestrators (ADR 0042);
 * the server time clients sync their clocks with (Exposure `GET /v2/time`, and its scoped v1 form).
 */
export const healthRoutes: FastifyPluginAsyncTypebox<HealthRoutesOptions> = async (
  app,
  { database, demo, tenant, clock = Date.now },
) => {
  const time = (): TimeResponse => {
    const now = clock();
    return { epochMillis: now, iso8601: new Date(now).toISOString() };
  };
  const timeSchema = {
    tags: ['health'],
    summary: "The server's time (clients measure their clock offset with it)",
    response: { 200: TimeResponseSchema, 404: ErrorBodySchema },
  };
  app.get(appStartRootPatterns.time, { schema: timeSchema }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return time();
  });
  await exposureScope(app, { tenant, patterns: timePatterns }, (scope) => {
    scope.get(
      timePatterns.businessUnitTime.pattern,
      { schema: { ...timeSchema, params: TenantParams } },
      async (_request, reply) => {
        void reply.header('cache-control', 'no-store');
        return time();
      },
    );
  });

  app.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'The process is alive', response: { 200: HealthSchema } } },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The process can serve: its database answers (degraded: its disk is full)',
        description:
          "200 `ready`, or `degraded` with a reason while it still serves ('disk full': writes answer 507 until one succeeds); 503 with Retry-After while the database is unreachable.",
        response: { 200: ReadySchema, 503: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(database.db);
      } catch (error) {
        const failure = databaseFailureOf(error);
        request.log.warn({ err: errorSummary(error), failure }, 'readiness probe: database unavailable');
        void reply.header('cache-control', 'no-store');
        // A database that passes (restarting, failing over, out of connections): ask again soon.
        if (failure !== undefined) void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return reply.code(503).send({
          httpCode: 503,
          message: 'SERVICE_UNAVAILABLE',
          extendedMessage:
            failure === 'unreachable'
              ? 'database unreachable'
              : failure === 'exhausted'
                ? 'database out of connections or memory'
                : 'database unavailable',
        });
      }
      void reply.header('cache-control', 'no-store');
      return {
        status: database.health.diskFull ? ('degraded' as const) : ('ready' as const),
        ...(database.health.diskFull ? { reason: 'disk full' as const } : {}),
        database: database.engine,
        ...(demo ? { demoMedia: demo.state } : {}),
      };
    },
  );
};
