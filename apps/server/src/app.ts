import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type RawServerDefault,
} from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorBody } from '@antenne/contract';
import type { Config } from './config.js';
import { readCatalogueVersion } from './db/catalogue-version.js';
import type { DatabaseHandle } from './db/database.js';
import { clientErrorHandler } from './lib/client-errors.js';
import { declareErrorAnswers } from './lib/declared-errors.js';
import { toErrorBody } from './lib/errors.js';
import { installInputGuards } from './lib/input-guard.js';
import { REQUEST_ID_HEADER, requestIdOf } from './lib/request-id.js';
import { securityHeaders } from './lib/security-headers.js';
import { SERVER_VERSION } from './lib/version.js';
import { VersionedCache } from './lib/versioned-cache.js';
import {
  accountsRoutes,
  deleteHouseholdOfIdentityUser,
  followIdentityEmail,
  restrictedViewer,
  WrongPinLimiter,
  type VerifyIdToken,
} from './modules/accounts/index.js';
import { catalogueRoutes } from './modules/catalogue/routes.js';
import { CatalogueService } from './modules/catalogue/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { createAccountPasswordCheck } from './modules/identity/account-password.js';
import { createIdentity, type Identity } from './modules/identity/auth.js';
import { createIdentityDirectory } from './modules/identity/directory.js';
import { identityRoutes } from './modules/identity/routes.js';
import { guardSensitiveIdentityCalls } from './modules/identity/sensitive-guard.js';
import { createIdTokenVerifier } from './modules/identity/verify.js';
import { imageRoutes } from './modules/images/routes.js';
import { createMailer } from './modules/mail/mailer.js';
import { outboxRoutes } from './modules/mail/routes.js';
import { locationRoutes } from './modules/location/routes.js';
import { DEMO_IMAGES_DIR, type DemoPreparation } from './modules/media/demo/prepare.js';
import { mediaRoutes } from './modules/media/routes.js';
import { PlaybackMediaRegistry } from './modules/playback/media-registry.js';
import { playbackRoutes } from './modules/playback/routes.js';
import { readIndexHtml } from './modules/web-app/index-html.js';
import { notFoundHandler, webAppRoutes } from './modules/web-app/routes.js';
import { whitelabelRoutes } from './modules/whitelabel/routes.js';

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, TypeBoxTypeProvider>;

export interface AppDeps {
  config: Config;
  /** The app owns it from here: closed when the app closes. */
  database: DatabaseHandle;
  /** A pino logger (main.ts passes its own); a silent one when absent. */
  logger?: FastifyBaseLogger;
  /** How often the per-process cache re-reads the catalogue version (ms). */
  cacheCheckEveryMs?: number;
  /** The clock the catalogue checks publication windows against (ms since the epoch). */
  clock?: () => number;
  /** The demo's media preparation (main.ts starts it once listening), reported by /readyz. */
  demo?: DemoPreparation;
  /** Checks firebaseLogin's ID token; by default against the identity service's JWKS (tests pass their own). */
  verifyIdToken?: VerifyIdToken;
  /** Bumpers, ad creatives and content keys (main.ts fills the demo's); an empty registry by default. */
  playbackMedia?: PlaybackMediaRegistry;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process changed the catalogue outside a request: caches re-read the version at the next read. */
    catalogueChanged(): void;
    /** The identity service (better-auth): tests and the accounts module use its API. */
    identity: Identity;
    /** What the playback module plays around and inside assets: bumpers, ads, content keys. */
    playbackMedia: PlaybackMediaRegistry;
  }
}

export const OPENAPI_PATH = '/api/docs/openapi.json';

/** Minimum size of a body worth compressing. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Builds the whole server: hooks, error handling, OpenAPI, the modules' routes and the web app.
 * main.ts listens on it; tests call inject() on it.
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const app: App = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    // Fastify supports a hop count but does not type it: the same rule as a function.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    genReqId: requestIdOf,
    requestIdHeader: false,
    // One log line per request (onResponse below) instead of Fastify's two.
    logController: new LogController({ requestIdLogLabel: 'reqId', disableRequestLogging: true }),
    // Requests that reach an open connection while stopping are still served (graceful stop).
    return503OnClosing: false,
    // A URL Fastify cannot even decode (bad percent-encoding) gets the one error body too.
    frameworkErrors: (error, _request, reply) => {
      const body: ErrorBody = { httpCode: 400, message: 'BAD_REQUEST', extendedMessage: error.message };
      void (reply as FastifyReply).code(400).send(body);
    },
    // And so does what Node's HTTP parser refuses before routing (431, unknown methods, raw bytes in paths).
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  app.addHook('onClose', async () => database.destroy());

  // Security headers, computed once; and the request id, echoed for support and log correlation.
  const headers = securityHeaders(config.publicUrl);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    );
    done();
  });

  // Hostile input (NUL, lone surrogates, invalid UTF-8, deep JSON) is refused before any route sees it;
  // every documented route declares the error answers that refusal and the body limits can give.
  installInputGuards(app);
  app.addHook('onRoute', declareErrorAnswers);

  app.setErrorHandler((error, request, reply) => {
    const body = toErrorBody(error);
    if (body.httpCode >= 500) {
      request.log.error({ err: error, method: request.method, url: request.url, reqId: request.id }, 'request failed');
    } else {
      request.log.info({ code: body.message, detail: body.extendedMessage }, 'client error');
    }
    return reply.code(body.httpCode).send(body);
  });

  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Antenne API',
        version: SERVER_VERSION,
        description: "Antenne's Exposure-compatible API. Errors: { httpCode, message, extendedMessage? }.",
      },
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, () => app.swagger());

  const tenant = { customer: config.customer, businessUnit: config.businessUnit };
  const cache = new VersionedCache(() => readCatalogueVersion(database.db), deps.cacheCheckEveryMs ?? 1000);
  // The catalogue snapshot in a cache of its own, so other entries filling `cache` never evict it.
  const snapshots = new VersionedCache(() => readCatalogueVersion(database.db), deps.cacheCheckEveryMs ?? 1000, 16);
  // Parental controls (ADR 0012): a restricted profile's catalogue reads leave out titles above its level.
  const viewerLevel = restrictedViewer(database.db, deps.clock);
  const levels = new CatalogueService(database, tenant, snapshots, deps.clock);
  await app.register(healthRoutes, { database, ...(deps.demo ? { demo: deps.demo } : {}) });
  await app.register(locationRoutes, { tenant });
  await app.register(whitelabelRoutes, {
    database,
    tenant,
    cache,
    parental: { viewerLevel, titlesWithinLevel: (level) => levels.titlesWithinLevel(level) },
  });
  await app.register(catalogueRoutes, { database, tenant, snapshots, viewerLevel, ...(deps.clock ? { clock: deps.clock } : {}) });
  // A change made by this process outside a request (the demo media attached at start) is seen by the next read.
  app.decorate('catalogueChanged', () => {
    cache.invalidate();
    snapshots.invalidate();
  });
  await app.register(imageRoutes, {
    dataDir: config.dataDir,
    // The demo's generated images (CACHE_DIR/images) after the broadcaster's own (DATA_DIR/images).
    ...(config.demoContent ? { extraOriginalsDirs: [path.join(config.cacheDir, DEMO_IMAGES_DIR)] } : {}),
  });
  await app.register(mediaRoutes, { dataDir: config.dataDir, ...(config.demoContent ? { cacheDir: config.cacheDir } : {}) });

  // Accounts: mail, the identity service (better-auth under /identity) and its ID-token check.
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  app.addHook('onClose', async () => mailer.close());
  const identity = createIdentity({
    config,
    db: database.db,
    engine: database.engine,
    mailer,
    log: app.log,
    onUserDeleted: async (identityUserId) => {
      await deleteHouseholdOfIdentityUser(database.db, identityUserId);
    },
    onEmailVerified: async (identityUserId, email) => {
      await followIdentityEmail(database.db, identityUserId, email);
    },
  });
  app.decorate('identity', identity);
  // One count of wrong parental PINs and passwords per household, whichever call they go to (play, switch, PIN or email change).
  const pinAttempts = new WrongPinLimiter(deps.clock);
  const checkPassword = createAccountPasswordCheck(identity);
  const guard = guardSensitiveIdentityCalls(database.db, { identity, pinAttempts, checkPassword, ...(deps.clock ? { clock: deps.clock } : {}) });
  await app.register(identityRoutes, { identity, config, guard });
  if (config.smtpUrl === '') await app.register(outboxRoutes, { dataDir: config.dataDir, trustProxy: config.trustProxy });
  await app.register(accountsRoutes, {
    database,
    tenant,
    snapshots,
    verifyIdToken: deps.verifyIdToken ?? createIdTokenVerifier(identity, config.publicUrl),
    identityUsers: createIdentityDirectory(identity),
    pinAttempts,
    checkPassword,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });

  // Playback: entitlement/play, the token-protected media, the ClearKey licence, ads, the eventsink.
  const playbackMedia = deps.playbackMedia ?? new PlaybackMediaRegistry();
  app.decorate('playbackMedia', playbackMedia);
  await app.register(playbackRoutes, {
    database,
    tenant,
    config,
    snapshots,
    registry: playbackMedia,
    pinAttempts,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });

  const indexHtml = readIndexHtml(config.webDistDir);
  if (indexHtml === undefined) app.log.warn({ webDistDir: config.webDistDir }, 'web app not built: no index.html; the API still works');
  await app.register(webAppRoutes, { webDistDir: config.webDistDir, indexHtml });
  app.setNotFoundHandler(notFoundHandler(indexHtml));

  return app;
}

function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}
