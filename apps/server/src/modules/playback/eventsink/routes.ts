import {
  AnalyticsBatchSchema,
  ErrorBodySchema,
  EventsinkConfigSchema,
  playbackPatterns,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  acceptJsonOfAnyContentType,
  errors,
  optionalSession,
  TenantParams,
  type SessionCheck,
} from '../http.js';
import type { EventsinkService } from './service.js';

export interface EventsinkRoutesOptions {
  eventsink: EventsinkService;
  sessions: SessionCheck;
}

/** An eventsink batch is small (a few events every 3 s): anything bigger is refused with 413. */
const EVENTSINK_BODY_LIMIT = 512 * 1024;

/** The eventsink (README.md). */
export const eventsinkRoutes: FastifyPluginAsyncTypebox<EventsinkRoutesOptions> = async (
  app,
  { eventsink, sessions },
) => {
  // navigator.sendBeacon(url, string) sends text/plain.
  acceptJsonOfAnyContentType(app);

  app.post(
    playbackPatterns.eventsinkInit.pattern,
    {
      schema: {
        tags: ['playback'],
        summary: 'The eventsink configuration (how often to post, which metrics)',
        params: TenantParams,
        response: { 200: EventsinkConfigSchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return eventsink.config();
    },
  );

  app.post(
    playbackPatterns.eventsinkSend.pattern,
    {
      bodyLimit: EVENTSINK_BODY_LIMIT,
      schema: {
        tags: ['playback'],
        summary:
          'The player’s batched playback events (AnalyticsBatch): stored, and the playhead kept as the bookmark',
        description:
          'Bearer session token of the play session’s household (403 otherwise), and/or the play response’s beaconToken in the body’s ' +
          'BeaconToken (navigator.sendBeacon cannot set headers; 403 when it is not this play session’s or has expired); neither → 401 ' +
          'NO_SESSION_TOKEN: the SessionId alone writes nothing. JSON as application/json or text/plain. ' +
          '404 UNKNOWN_PLAY_SESSION, 403 when the play session is over; at most 500 events (400), 512 KiB (413).',
        params: TenantParams,
        body: AnalyticsBatchSchema,
        response: { 200: EventsinkConfigSchema, ...errors, 413: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { session } = await optionalSession(sessions, request);
      return eventsink.send(request.body, session?.household.id);
    },
  );
};
