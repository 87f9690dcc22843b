import {
  ErrorBodySchema,
  RecordingIdParamsSchema,
  RecordingListQuerySchema,
  RecordingListSchema,
  recordingPatterns as routes,
  RecordingRequestSchema,
  RecordingSeriesParamsSchema,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Tenant } from '../../lib/business-unit.js';
import { exposureScope } from '../../lib/exposure-scope.js';
import { requireSession, sessionOf, type SessionCheck } from '../accounts/index.js';
import type { RecordingsService } from './service.js';

export interface RecordingsRoutesOptions {
  tenant: Tenant;
  recordings: RecordingsService;
  /** Checks the bearer session token (the accounts' service). */
  sessions: SessionCheck;
}

const TenantParams = Type.Object({ customer: Type.String(), businessUnit: Type.String() });
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const doc = (summary: string, more = '') => ({
  tags: ['recordings'],
  summary,
  description:
    'Antenne’s own call (Exposure publishes none for recordings), shaped as the personal calls: ' +
    '`Authorization: Bearer <sessionToken>` (401 NO_SESSION_TOKEN / INVALID_SESSION_TOKEN), the profile’s recordings only ' +
    `(another’s id: 404 RECORDING_NOT_FOUND). ADR 0026.${more}`,
});

/**
 * Network recordings (ADR 0026): list, record (a programme or its series), delete, stop a series.
 * Playing a recording is the play call's (`entitlement/{recordingId}/play`, the playback module).
 */
export const recordingsRoutes: FastifyPluginAsyncTypebox<RecordingsRoutesOptions> = async (app, options) => {
  const { tenant, recordings: service, sessions } = options;
  await exposureScope(app, { tenant, patterns: routes }, async (scope) => {
    // The personal calls' bearer check (401 NO_SESSION_TOKEN / INVALID_SESSION_TOKEN, private answers).
    scope.decorateRequest('accountSession', null);
    scope.addHook('preValidation', requireSession(sessions));

    scope.get(
      routes.recordings.pattern,
      {
        schema: {
          ...doc(
            'The profile’s recordings by start, its series, and the household’s quota',
            ' Status by the server’s clock: 1 pending, 2 in progress, 3 done, 4 error (failureReason QUOTA_EXCEEDED). ' +
              'New airings of a recorded series are recorded as they enter the schedule window.',
          ),
          params: TenantParams,
          querystring: RecordingListQuerySchema,
          response: { 200: RecordingListSchema, ...errors },
        },
      },
      async (request) => service.list(sessionOf(request), request.query.locale),
    );

    scope.post(
      routes.recordings.pattern,
      {
        schema: {
          ...doc(
            'Records a programme (pvr flag, not over), or with `series` every upcoming airing of its series on its channel',
            ' 201 with what it recorded (an existing recording of the programme is answered as is); ' +
              'past the household’s 20 hours the recording is stored in error (status 4, QUOTA_EXCEEDED). ' +
              '400 UNSUPPORTED_RECORDING_MODE for a storageMode other than NETWORK (LOCAL: on-device); ' +
              '404 PROGRAM_NOT_FOUND; 403 PROGRAM_NOT_RECORDABLE without the pvr flag or once over.',
          ),
          params: TenantParams,
          body: RecordingRequestSchema,
          response: { 201: RecordingListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const answer = await service.record(sessionOf(request), request.body);
        return reply.code(201).send(answer);
      },
    );

    scope.delete(
      routes.recording.pattern,
      {
        schema: {
          ...doc('Cancels a pending recording, or removes one in progress or done: its quota is free again'),
          params: RecordingIdParamsSchema,
          response: { 204: Type.Null({ description: 'deleted' }), ...errors },
        },
      },
      async (request, reply) => {
        await service.remove(sessionOf(request), request.params.recordingId);
        return reply.code(204).send(null);
      },
    );

    scope.delete(
      routes.series.pattern,
      {
        schema: {
          ...doc('Stops recording a series: its pending recordings are cancelled, the others kept'),
          params: RecordingSeriesParamsSchema,
          response: { 204: Type.Null({ description: 'stopped' }), ...errors },
        },
      },
      async (request, reply) => {
        await service.removeSeries(sessionOf(request), request.params.seriesId);
        return reply.code(204).send(null);
      },
    );
  });
};
