import {
  ErrorBodySchema,
  PARENTAL_PIN_HEADER,
  PlayResponseSchema,
  playbackPatterns,
  PROTECTED_MEDIA_PREFIX,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Tenant } from '../../lib/business-unit.js';
import { exposureScope } from '../../lib/exposure-scope.js';
import { MEDIA_ROUTE_DESCRIPTION, mediaResponses, serveMediaFile } from '../media/index.js';
import { adsRoutes } from './ads/routes.js';
import { eventsinkRoutes } from './eventsink/routes.js';
import { anonymousRefusal, countryOf, errors, optionalSession, originOf, type SessionCheck } from './http.js';
import { licenceRoutes } from './licence/routes.js';
import type { PlaybackServices } from './services.js';

export interface PlaybackRoutesOptions {
  tenant: Tenant;
  /** The module's services, built once by the app (createPlaybackServices). */
  services: PlaybackServices;
  /** Checks bearer session tokens (the accounts' service): the play call and the eventsink. */
  sessions: SessionCheck;
}

const PlayParams = Type.Object({
  customer: Type.String(),
  businessUnit: Type.String(),
  assetId: Type.String({ minLength: 1, maxLength: 200 }),
});

/**
 * Playback: entitlement/play (rights, parental PIN, play session, signed media URLs), the
 * token-protected media (`/play/<token>/…`), then the ClearKey licence, the VAST ad decision and
 * its tracking pixels, and the eventsink, each from its own folder (see README.md). Handlers read
 * the request, call one service and answer.
 */
export const playbackRoutes: FastifyPluginAsyncTypebox<PlaybackRoutesOptions> = async (app, options) => {
  const { tenant, services, sessions } = options;

  // Media behind a play token (protected-media.ts): the token is the URL's first segment.
  app.get(
    `${PROTECTED_MEDIA_PREFIX}*`,
    {
      compress: false,
      schema: {
        tags: ['playback'],
        summary:
          'A media file (manifest, segment, subtitles) under a play token: /play/<token>/media/…, /play/<token>/demo-media/…, a live stream /play/<token>/live/<channelId>/… or a looped demo title /play/<token>/title/<assetId>/…',
        description: `The URLs of the play response. 403 INVALID_PLAY_TOKEN when the token is wrong, expired or not for this folder. ${MEDIA_ROUTE_DESCRIPTION}`,
        params: Type.Object({
          '*': Type.String({ description: '<playToken>/media/… or <playToken>/demo-media/…' }),
        }),
        response: mediaResponses,
      },
    },
    async (request, reply) => {
      const file = services.media.resolve(request.url);
      if (file.live !== undefined) {
        // A live stream's manifest or segment, computed now (modules/live/stream, ADR 0023).
        const { channelId, rest, limit } = file.live;
        const answer = await services.live.answer(channelId, rest, limit);
        return reply.header('cache-control', answer.cacheControl).type(answer.contentType).send(answer.body);
      }
      if (file.title !== undefined) {
        // A demo title looped to its catalogue length (modules/live/stream/title.ts, ADR 0028).
        const answer = await services.titles.answer(file.title.assetId, file.title.rest);
        return reply.header('cache-control', answer.cacheControl).type(answer.contentType).send(answer.body);
      }
      return serveMediaFile(request, reply, file.root, file.path);
    },
  );

  // The Exposure calls, under the one prefix and its tenant hook (lib/exposure-scope.ts).
  await exposureScope(app, { tenant, patterns: playbackPatterns }, async (scope) => {
    scope.get(
      playbackPatterns.play.pattern,
      {
        schema: {
          tags: ['playback'],
          summary: 'Entitlement and play: the signed media URLs of an asset the caller may play now',
          description:
            'Bearer session token (a trailer plays without one; otherwise 401 NO_SESSION_TOKEN with a LOGIN action; ' +
            'an anonymous session plays trailers only: 403 NOT_ENTITLED with a LOGIN action). ' +
            `Rights per offer type; 403 NOT_ENTITLED (BUY_WATCH_NOW), NOT_PUBLISHED (WAIT), LICENSE_EXPIRED, GEO_BLOCKED, NOT_AVAILABLE_IN_FORMAT; ` +
            `a profile below the asset's rating sends the main profile's PIN in ${PARENTAL_PIN_HEADER} (403 PARENTAL_PIN_REQUIRED / INVALID_PIN_CODE; 429 after 5 wrong PINs in 15 minutes). ` +
            'A TV_CHANNEL plays its live stream (rights: its package, a Subscription product); a programme id of the schedule plays ' +
            'from its start while on air with the start-over flag, or as a bounded manifest once ended with the catch-up flag ' +
            '(403 NOT_PUBLISHED with WAIT before it starts, NOT_AVAILABLE_IN_FORMAT without the flag, LICENSE_EXPIRED after the catch-up days).',
          params: PlayParams,
          headers: Type.Object({ [PARENTAL_PIN_HEADER]: Type.Optional(Type.String({ maxLength: 32 })) }),
          response: { 200: PlayResponseSchema, ...errors, 429: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'private, no-store');
        const { session, anonymous } = await optionalSession(sessions, request);
        try {
          return await services.play.play(request.params.assetId, {
            session,
            country: countryOf(request),
            pin: request.headers[PARENTAL_PIN_HEADER],
            origin: originOf(request),
            requestId: String(request.id),
          });
        } catch (error) {
          throw anonymous ? anonymousRefusal(error) : error;
        }
      },
    );

    await scope.register(adsRoutes, { ads: services.ads });
    await scope.register(licenceRoutes, { licence: services.licence });
    await scope.register(eventsinkRoutes, { eventsink: services.eventsink, sessions });
  });
};
