import { randomUUID } from 'node:crypto';
import {
  AnalyticsBatchSchema,
  ClearKeyLicenseRequestSchema,
  ClearKeyLicenseSchema,
  ErrorBodySchema,
  EventsinkConfigSchema,
  PARENTAL_PIN_HEADER,
  playbackPaths,
  PlayResponseSchema,
  PROTECTED_MEDIA_PREFIX,
  type ClearKeyLicense,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import { assertTenant, type Tenant } from '../../lib/business-unit.js';
import { ApiError } from '../../lib/errors.js';
import { jsonContentParser } from '../../lib/input-guard.js';
import { locate } from '../../lib/geo.js';
import type { VersionedCache } from '../../lib/versioned-cache.js';
import { AccountsService, type SessionContext } from '../accounts/index.js';
import type { WrongPinLimiter } from '../accounts/pin-attempts.js';
import { bearerToken } from '../accounts/session-auth.js';
import { CatalogueService } from '../catalogue/service.js';
import { identitySecret } from '../identity/auth.js';
import {
  EmptySchema,
  MEDIA_ROUTE_DESCRIPTION,
  mediaResponses,
  mediaFolders,
  serveMediaFile,
} from '../media/routes.js';
import { createBeaconTokens } from './beacon-token.js';
import { Eventsink, eventsinkConfig } from './eventsink.js';
import type { PlaybackMediaRegistry } from './media-registry.js';
import { coversPath, createPlayTokens, type PlayTokenPayload } from './play-token.js';
import * as repo from './repository.js';
import { PlaybackService } from './service.js';
import { AD_BEACON_EVENTS, buildVast, EMPTY_VAST, pickAd } from './vast.js';

export interface PlaybackRoutesOptions {
  database: DatabaseHandle;
  tenant: Tenant;
  config: Pick<Config, 'authSecret' | 'dataDir' | 'cacheDir' | 'demoContent'>;
  /** The catalogue snapshot's cache (shared with the catalogue routes). */
  snapshots: VersionedCache;
  registry: PlaybackMediaRegistry;
  /** Publications', sessions' and tokens' clock (tests move it). */
  clock?: () => number;
  /** The secret the play and beacon tokens' keys derive from; by default the identity secret (every node of a deployment shares it). */
  playTokenSecret?: string;
  /** Wrong parental PINs by household, shared with the accounts' PIN checks (one per app). */
  pinAttempts?: WrongPinLimiter;
}

const V2 = '/v2/customer/:customer/businessunit/:businessUnit';
const TenantParams = Type.Object({ customer: Type.String(), businessUnit: Type.String() });
const PlayParams = Type.Object({
  customer: Type.String(),
  businessUnit: Type.String(),
  assetId: Type.String({ minLength: 1, maxLength: 200 }),
});
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const XmlBody = {
  description: 'VAST 4.1 (an empty <VAST version="4.1"/> when no ad applies)',
  content: { 'application/xml': { schema: Type.String() } },
};
/** An eventsink batch is small (a few events every 3 s): anything bigger is refused with 413. */
const EVENTSINK_BODY_LIMIT = 512 * 1024;
const LICENSE_BODY_LIMIT = 16 * 1024;

const invalidPlayToken = () => new ApiError(403, 'INVALID_PLAY_TOKEN', 'the play token is missing, wrong or expired');

/**
 * Playback: entitlement/play (rights, parental PIN, play session, signed media URLs), the
 * token-protected media (`/play/<token>/…`), the ClearKey licence, the VAST ad decision and its
 * tracking pixels, and the eventsink (see README.md).
 */
export const playbackRoutes: FastifyPluginAsyncTypebox<PlaybackRoutesOptions> = async (app, options) => {
  const { tenant, registry } = options;
  const clock = options.clock ?? Date.now;
  const db = options.database.db;
  const catalogue = new CatalogueService(options.database, tenant, options.snapshots, clock);
  const accounts = new AccountsService(db, catalogue, clock);
  const secret = options.playTokenSecret ?? identitySecret(options.config);
  const tokens = createPlayTokens(secret);
  const beaconTokens = createBeaconTokens(secret);
  const service = new PlaybackService(db, tenant, catalogue, registry, { play: tokens, beacon: beaconTokens }, clock, options.pinAttempts);
  const eventsink = new Eventsink(
    db,
    tenant,
    async (assetId) => {
      const found = await service.findAsset(assetId);
      if (found === undefined) return undefined;
      const durationMs = found.asset.medias?.find((m) => m.durationMillis !== undefined)?.durationMillis ?? found.asset.duration ?? 0;
      return { durationMs, trailer: found.trailer };
    },
    beaconTokens,
    clock,
  );

  /** The bearer session if the request has an Authorization header (401 when it is not a valid one); null otherwise. */
  const optionalSession = async (request: FastifyRequest): Promise<SessionContext | null> => {
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) return null;
    if (token === '') throw new ApiError(401, 'INVALID_SESSION_TOKEN');
    return accounts.authenticate(token);
  };
  const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  const countryOf = (request: FastifyRequest) => locate(request.ip).countryCode ?? undefined;

  app.get(
    `${V2}/entitlement/:assetId/play`,
    {
      schema: {
        tags: ['playback'],
        summary: 'Entitlement and play: the signed media URLs of an asset the caller may play now',
        description:
          'Bearer session token (a trailer plays without one; otherwise 401 NO_SESSION_TOKEN with a LOGIN action). ' +
          `Rights per offer type; 403 NOT_ENTITLED (BUY_WATCH_NOW), NOT_PUBLISHED (WAIT), LICENSE_EXPIRED, GEO_BLOCKED, NOT_AVAILABLE_IN_FORMAT; ` +
          `a profile below the asset's rating sends the main profile's PIN in ${PARENTAL_PIN_HEADER} (403 PARENTAL_PIN_REQUIRED / INVALID_PIN_CODE; 429 after 5 wrong PINs in 15 minutes).`,
        params: PlayParams,
        headers: Type.Object({ [PARENTAL_PIN_HEADER]: Type.Optional(Type.String({ maxLength: 32 })) }),
        response: { 200: PlayResponseSchema, ...errors, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      assertTenant(tenant, request.params);
      void reply.header('cache-control', 'private, no-store');
      const session = await optionalSession(request);
      return service.play(request.params.assetId, {
        session,
        country: countryOf(request),
        pin: request.headers[PARENTAL_PIN_HEADER],
        origin: originOf(request),
        requestId: String(request.id),
      });
    },
  );

  // Media behind a play token: the token is the first path segment, so the manifests' relative
  // URLs (segments, playlists, subtitles) keep it without rewriting anything.
  const folders = mediaFolders({
    dataDir: options.config.dataDir,
    ...(options.config.demoContent ? { cacheDir: options.config.cacheDir } : {}),
  });
  // (The token is read from the URL, not a route parameter: it is longer than Fastify's
  // 100-character parameter limit.)
  app.get(
    `${PROTECTED_MEDIA_PREFIX}*`,
    {
      compress: false,
      schema: {
        tags: ['playback'],
        summary: 'A media file (manifest, segment, subtitles) under a play token: /play/<token>/media/… or /play/<token>/demo-media/…',
        description: `The URLs of the play response. 403 INVALID_PLAY_TOKEN when the token is wrong, expired or not for this folder. ${MEDIA_ROUTE_DESCRIPTION}`,
        params: Type.Object({ '*': Type.String({ description: '<playToken>/media/… or <playToken>/demo-media/…' }) }),
        response: mediaResponses,
      },
    },
    async (request, reply) => {
      const rest = (request.url.split('?', 1)[0] ?? '').slice(PROTECTED_MEDIA_PREFIX.length);
      const slash = rest.indexOf('/');
      if (slash <= 0) throw invalidPlayToken();
      const payload = tokens.verify(rest.slice(0, slash), clock());
      if (payload === undefined) throw invalidPlayToken();
      const encodedPath = rest.slice(slash);
      let mediaPath: string;
      try {
        mediaPath = decodeURIComponent(encodedPath);
      } catch {
        throw invalidPlayToken();
      }
      if (!coversPath(payload, mediaPath)) throw invalidPlayToken();
      const folder = folders.find((candidate) => encodedPath.startsWith(candidate.prefix));
      if (folder === undefined) throw invalidPlayToken();
      return serveMediaFile(request, reply, folder.root, encodedPath.slice(folder.prefix.length));
    },
  );

  app.get(
    `${V2}/ads/vast`,
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
      assertTenant(tenant, request.params);
      void reply.header('cache-control', 'private, no-store').type('application/xml; charset=utf-8');
      const id = request.query.playSessionId;
      const session = id === undefined ? undefined : await repo.findPlaySession(db, id);
      const country = countryOf(request);
      const ad = pickAd(registry.ads, id ?? '');
      if (
        ad === undefined ||
        session === undefined ||
        Date.parse(session.expires_at) <= clock() ||
        country === 'US' ||
        session.country === 'US'
      ) {
        return EMPTY_VAST;
      }
      const origin = originOf(request);
      return buildVast({
        ad,
        playSessionId: session.id,
        trackingUrl: origin + playbackPaths.adTracking(tenant),
        mediaFileUrl: /^https?:\/\//.test(ad.mp4) ? ad.mp4 : origin + ad.mp4,
      });
    },
  );

  app.get(
    `${V2}/ads/track`,
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
      assertTenant(tenant, request.params);
      const { event, ad, playSessionId } = request.query;
      if (!AD_BEACON_EVENTS.has(event)) throw new ApiError(400, 'BAD_REQUEST', `event: unknown tracking event ${event}`);
      if (!registry.ads.some((a) => a.id === ad)) throw new ApiError(400, 'BAD_REQUEST', 'ad: unknown ad');
      const session = playSessionId === undefined ? undefined : await repo.findPlaySession(db, playSessionId);
      await repo.insertAdBeacon(db, {
        id: randomUUID(),
        play_session_id: session?.id ?? null,
        ad_id: ad,
        event,
        received_at: new Date(clock()).toISOString(),
      });
      return reply.code(204).header('cache-control', 'no-store').send(undefined);
    },
  );

  // The licence and the eventsink read JSON whatever the content type says: shaka posts the
  // licence request without one, and navigator.sendBeacon(url, string) sends text/plain.
  await app.register(async (child: FastifyInstance) => {
    const scope = child.withTypeProvider<TypeBoxTypeProvider>();
    // The app's strict JSON parser (lib/input-guard.ts) for these content types too.
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser(['text/plain', 'application/octet-stream'], { parseAs: 'buffer' }, jsonContentParser);
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, jsonContentParser);

    scope.post(
      `${V2}/license/clearkey`,
      {
        bodyLimit: LICENSE_BODY_LIMIT,
        schema: {
          tags: ['playback'],
          summary: 'W3C ClearKey licence for the key ids of the play token’s media',
          description:
            '`Authorization: Bearer <playToken>`. Keys in base64url without padding. 403 INVALID_PLAY_TOKEN (bad or expired token), 403 NOT_ENTITLED (a key id the token does not cover).',
          params: TenantParams,
          body: ClearKeyLicenseRequestSchema,
          response: { 200: ClearKeyLicenseSchema, ...errors },
        },
      },
      async (request, reply): Promise<ClearKeyLicense> => {
        assertTenant(tenant, request.params);
        void reply.header('cache-control', 'no-store');
        const token = bearerToken(request.headers.authorization);
        const payload: PlayTokenPayload | undefined = token ? tokens.verify(token, clock()) : undefined;
        if (payload === undefined) throw invalidPlayToken();
        const keys = request.body.kids.map((kid) => {
          const keyId = Buffer.from(kid, 'base64url').toString('hex');
          const key = keyId.length === 32 ? registry.contentKeys.get(keyId) : undefined;
          // The key's id is not echoed: which keys exist is nobody else's business.
          if (key === undefined || !payload.p.includes(key.mediaPrefix)) {
            throw new ApiError(403, 'NOT_ENTITLED', 'a key id is not one of this play token’s media');
          }
          return {
            kty: 'oct' as const,
            kid: Buffer.from(key.keyId, 'hex').toString('base64url'),
            k: Buffer.from(key.key, 'hex').toString('base64url'),
          };
        });
        return { keys, type: request.body.type ?? 'temporary' };
      },
    );

    scope.post(
      `${V2}/eventsink/init`,
      {
        schema: {
          tags: ['playback'],
          summary: 'The eventsink configuration (how often to post, which metrics)',
          params: TenantParams,
          response: { 200: EventsinkConfigSchema, 404: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        assertTenant(tenant, request.params);
        void reply.header('cache-control', 'no-store');
        return eventsinkConfig(clock());
      },
    );

    scope.post(
      `${V2}/eventsink/send`,
      {
        bodyLimit: EVENTSINK_BODY_LIMIT,
        schema: {
          tags: ['playback'],
          summary: 'The player’s batched playback events (AnalyticsBatch): stored, and the playhead kept as the bookmark',
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
        assertTenant(tenant, request.params);
        void reply.header('cache-control', 'no-store');
        const session = await optionalSession(request);
        return eventsink.send(request.body, session?.household.id);
      },
    );
  });
};
