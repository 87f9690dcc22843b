import {
  AvailabilityKeysSchema,
  EntitleResponseSchema,
  StoreProductOfferingsSchema,
  ErrorBodySchema,
  PARENTAL_PIN_HEADER,
  PlayResponseSchema,
  playbackPatterns,
  PROTECTED_MEDIA_PREFIX,
  TV_PROVIDER_MEDIA_TOKEN_HEADER,
  TV_PROVIDER_REQUIRED,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Tenant } from '../../lib/business-unit.js';
import { exposureScope } from '../../lib/exposure-scope.js';
import { MEDIA_ROUTE_DESCRIPTION, mediaResponses, serveMediaFile } from '../media/index.js';
import { eventsinkRoutes } from './eventsink/routes.js';
import {
  anonymousRefusal,
  countryOf,
  errors,
  optionalSession,
  originOf,
  TenantParams,
  viaTvProvider,
  type SessionCheck,
} from './http.js';
import type { MediaTokenCheck } from '../tv-provider/index.js';
import { loginRequired } from './entitlement.js';
import { licenceRoutes } from './licence/routes.js';
import type { PlaybackServices } from './services.js';

export interface PlaybackRoutesOptions {
  tenant: Tenant;
  /** The module's services, built once by the app (createPlaybackServices). */
  services: PlaybackServices;
  /** Checks bearer session tokens (the accounts' service): the play call and the eventsink. */
  sessions: SessionCheck;
  /** Checks a play's X-Adobe-Primetime-MediaToken (the tv-provider module's service). */
  mediaTokens: MediaTokenCheck;
}

/** A distributor's media token (its limit is the login body's). */
const MediaTokenHeader = Type.Optional(Type.String({ minLength: 1, maxLength: 4096 }));
/** What the play and entitle docs say of the US rule. */
const US_RULE =
  ` From the US (after GEO_BLOCKED / NOT_PUBLISHED) a session that is not provider-bound (adobePrimetimeLogin), a visitor and an anonymous session get 403 NOT_ENTITLED, extendedMessage ${TV_PROVIDER_REQUIRED}, with a LOGIN action; ` +
  `${TV_PROVIDER_MEDIA_TOKEN_HEADER} carries a distributor's media token instead (401 INVALID_MEDIA_TOKEN / MEDIA_TOKEN_EXPIRED / UNKNOWN_TV_PROVIDER when bad; ` +
  'a token plays once: the play it grants spends it, a used one is 401 INVALID_MEDIA_TOKEN; entitle only checks it). No ads from the US.';

const PlayParams = Type.Object({
  customer: Type.String(),
  businessUnit: Type.String(),
  assetId: Type.String({ minLength: 1, maxLength: 200 }),
});

/**
 * Playback: entitlement/play (rights, parental PIN, play session, signed media URLs), the
 * token-protected media (`/play/<token>/…`), then the ClearKey licence and the eventsink, each
 * from its own folder (see README.md; the pre-roll's VAST decision is the ads module's). Handlers
 * read the request, call one service and answer.
 */
export const playbackRoutes: FastifyPluginAsyncTypebox<PlaybackRoutesOptions> = async (app, options) => {
  const { tenant, services, sessions, mediaTokens } = options;

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
            '(403 NOT_PUBLISHED with WAIT before it starts, NOT_AVAILABLE_IN_FORMAT without the flag, LICENSE_EXPIRED after the catch-up days).' +
            US_RULE,
          params: PlayParams,
          headers: Type.Object({
            [PARENTAL_PIN_HEADER]: Type.Optional(Type.String({ maxLength: 32 })),
            [TV_PROVIDER_MEDIA_TOKEN_HEADER]: MediaTokenHeader,
          }),
          response: { 200: PlayResponseSchema, ...errors, 429: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'private, no-store');
        const { session, anonymous } = await optionalSession(sessions, request);
        const { tvProvider, mediaToken } = await viaTvProvider(
          session,
          request.headers[TV_PROVIDER_MEDIA_TOKEN_HEADER],
          mediaTokens,
        );
        try {
          const granted = await services.play.play(request.params.assetId, {
            session,
            country: countryOf(request),
            tvProvider,
            pin: request.headers[PARENTAL_PIN_HEADER],
            origin: originOf(request),
            requestId: String(request.id),
          });
          // A media token plays once: spent by the play it granted (a refusal, e.g. a PIN asked, spends nothing).
          if (mediaToken !== undefined) await mediaTokens.spend(mediaToken);
          return granted;
        } catch (error) {
          throw anonymous ? anonymousRefusal(error) : error;
        }
      },
    );

    await scope.register(entitleRoutes, { services, sessions, mediaTokens });
    await scope.register(licenceRoutes, { licence: services.licence });
    await scope.register(eventsinkRoutes, { eventsink: services.eventsink, sessions });
  });
};

/** Entitlement without playing, the account's availability keys, the store's offerings (entitle.ts). */
const entitleRoutes: FastifyPluginAsyncTypebox<Omit<PlaybackRoutesOptions, 'tenant'>> = async (
  scope,
  { services, sessions, mediaTokens },
) => {
  scope.get(
    playbackPatterns.entitle.pattern,
    {
      schema: {
        tags: ['playback'],
        summary:
          'Entitle without playing: whether the caller may play the asset now, from here (EntitleResponse)',
        description:
          'The play call\'s rules without a play session, so a client shows Play, Buy or nothing: 200 `status: "SUCCESS"` ' +
          "with the publication and product that grant it; otherwise the play call's refusal: 401 NO_SESSION_TOKEN (LOGIN; " +
          'a trailer needs no session), 403 NOT_ENTITLED (BUY_WATCH_NOW / BUY_WATCH_LATER), GEO_BLOCKED, NOT_PUBLISHED (WAIT), ' +
          'LICENSE_EXPIRED, NOT_AVAILABLE_IN_FORMAT; 404 UNKNOWN_ASSET. The parental PIN is asked by the play call only.' +
          US_RULE,
        params: PlayParams,
        headers: Type.Object({ [TV_PROVIDER_MEDIA_TOKEN_HEADER]: MediaTokenHeader }),
        querystring: Type.Object({
          time: Type.Optional(Type.String({ maxLength: 40 })),
          paymentProvider: Type.Optional(Type.String({ maxLength: 40 })),
        }),
        response: { 200: EntitleResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const { session, anonymous } = await optionalSession(sessions, request);
      // Checked, not spent: entitle grants no play.
      const { tvProvider } = await viaTvProvider(
        session,
        request.headers[TV_PROVIDER_MEDIA_TOKEN_HEADER],
        mediaTokens,
      );
      try {
        return await services.entitle.entitle(request.params.assetId, {
          session,
          country: countryOf(request),
          tvProvider,
          requestId: String(request.id),
        });
      } catch (error) {
        // An anonymous device session is refused as play refuses it (LOGIN).
        throw anonymous ? anonymousRefusal(error) : error;
      }
    },
  );

  scope.get(
    playbackPatterns.availabilityKeys.pattern,
    {
      schema: {
        tags: ['playback'],
        summary:
          "The account's availability keys, to match against the assets' publications (AvailabilityKeys)",
        description:
          'Bearer session token (401 NO_SESSION_TOKEN without). Open products (free, with ads, catch-up), the ' +
          "subscriptions' products (future ones apart) and `<assetId>_<product>` for rental and purchase tickets.",
        params: TenantParams,
        querystring: Type.Object({ time: Type.Optional(Type.String({ maxLength: 40 })) }),
        response: { 200: AvailabilityKeysSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const { session } = await optionalSession(sessions, request);
      if (session === null) throw loginRequired();
      return services.entitle.availabilityKeys(session);
    },
  );

  scope.get(
    playbackPatterns.storeOfferings.pattern,
    {
      schema: {
        tags: ['playback'],
        summary:
          'The products on offer in a country: subscriptions, rentals, purchases (read only, no price)',
        params: Type.Object({
          ...TenantParams.properties,
          countryCode: Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' }),
        }),
        querystring: Type.Object({ includeSelectAssetProducts: Type.Optional(Type.Boolean()) }),
        response: { 200: StoreProductOfferingsSchema, ...errors },
      },
    },
    async (request) => ({ productOfferings: await services.entitle.offerings(request.params.countryCode) }),
  );
};
