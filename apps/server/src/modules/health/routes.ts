import { ErrorBodySchema, HealthSchema, ReadySchema } from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { DatabaseHandle } from '../../db/database.js';
import { pingDatabase } from '../../db/database.js';
import type { DemoState } from '../media/index.js';

export interface HealthRoutesOptions {
  database: DatabaseHandle;
  /** The demo's media preparation, reported by /readyz. */
  demo?: { state: DemoState };
}

/** Liveness (no database) and readiness (`select 1`) probes for load balancers and orchestrators. */
export const healthRoutes: FastifyPluginAsyncTypebox<HealthRoutesOptions> = async (
  app,
  { database, demo },
) => {
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
        summary: 'The process can serve: its database answers',
        response: { 200: ReadySchema, 503: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(database.db);
        return {
          status: 'ready' as const,
          database: database.engine,
          ...(demo ? { demoMedia: demo.state } : {}),
        };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness probe: database unavailable');
        return reply
          .code(503)
          .send({ httpCode: 503, message: 'SERVICE_UNAVAILABLE', extendedMessage: 'database unavailable' });
      }
    },
  );
};
