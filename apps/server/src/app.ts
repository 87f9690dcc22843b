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
import { databaseFailureOf, errorSummary } from './db/failures.js';
import { localeTagFormat } from './lib/locale-tag.js';
import { clientErrorHandler } from './lib/client-errors.js';
import { declareErrorAnswers } from './lib/declared-errors.js';
import { ApiError, databaseFailureBody, RETRY_AFTER_SECONDS, toErrorBody } from './lib/errors.js';
import { installInputGuards } from './lib/input-guard.js';
import { REQUEST_ID_HEADER, requestIdOf } from './lib/request-id.js';
import { securityHeaders } from './lib/security-headers.js';
import { SERVER_VERSION } from './lib/version.js';
import { VersionedCache } from './lib/versioned-cache.js';
import {
  AccountsService,
  accountsRoutes,
  deleteHouseholdOfIdentityUser,
  followIdentityEmail,
  restrictedViewer,
  SessionTokens,
  WrongPinLimiter,
  type VerifyIdToken,
} from './modules/accounts/index.js';
import { ActivationService, activationRoutes } from './modules/activation/index.js';
import { AnalyticsService, analyticsRoutes } from './modules/analytics/index.js';
import { catalogueRoutes, CatalogueService } from './modules/catalogue/index.js';
import { CrashesService, crashesRoutes } from './modules/crashes/index.js';
import { healthRoutes } from './modules/health/routes.js';
import {
  createAccountPasswordCheck,
  createIdentity,
  createIdentityDirectory,
  createIdTokenVerifier,
  createPasswordSignIn,
  guardSensitiveIdentityCalls,
  identityRoutes,
  identitySecret,
  secretBox,
  type Identity,
} from './modules/identity/index.js';
import { imageRoutes, ImageService } from './modules/images/index.js';
import { createMailer, outboxKey, outboxRoutes } from './modules/mail/index.js';
import { DashboardService, dashboardRoutes, type DashboardSources } from './modules/dashboard/index.js';
import { EpgService, liveRoutes, type ScheduleReader } from './modules/live/index.js';
import { locationRoutes } from './modules/location/routes.js';
import { DEMO_IMAGES_DIR, mediaRoutes, type DemoPreparation } from './modules/media/index.js';
import { DisplayAdsService, displayAdsRoutes, PrerollService, prerollRoutes } from './modules/ads/index.js';
import { createPlaybackServices, PlaybackMediaRegistry, playbackRoutes } from './modules/playback/index.js';
import { RecordingsService, recordingsRoutes } from './modules/recordings/index.js';
import { TestDistributor, TvProviderService, tvProviderRoutes } from './modules/tv-provider/index.js';
import { readIndexHtml } from './modules/web-app/index-html.js';
import { createPageRenderer } from './modules/web-app/page-render.js';
import { notFoundHandler, webAppRoutes } from './modules/web-app/routes.js';
import {
  appStartRoutes,
  AppStartService,
  WhitelabelService,
  whitelabelRoutes,
} from './modules/whitelabel/index.js';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

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
  /**
   * The schedule the live streams and programme plays read: the app's own EPG service unless a
   * test passes a fake.
   */
  schedule?: ScheduleReader;
  /** What the staff dashboard reads (tests pass their own); by default the sources wired below. */
  dashboardSources?: DashboardSources;
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

/** The refusal of a request without Host: the server's links, origins and sign-in checks are built from it. */
const MISSING_HOST = 'the request has no Host header';

/** Minimum size of a body worth compressing. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Builds the whole server: hooks, error handling, OpenAPI, the modules' routes and the web app.
 * main.ts listens on it; tests call inject() on it.
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  // Security headers, computed once: on every answer, those of the HTTP parser's refusals too.
  const headers = securityHeaders(config.publicUrl);
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
    clientErrorHandler: clientErrorHandler(headers),
    // Node answers an HTTP/1.1 request without Host with a bare 400 of its own (no body, no
    // security headers) before Fastify sees it: the onRequest hook below answers it instead.
    http: { requireHostHeader: false },
    // Request schemas may say `format: locale-tag` (the contract's LocaleTagSchema: a tag Intl accepts).
    ajv: { plugins: [localeTagFormat] },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  app.addHook('onClose', async () => database.destroy());

  // The security headers and the request id (echoed for support and log correlation) on every
  // answer; and every request names its host: without Host (an HTTP/1.0 client may leave it out,
  // HTTP/1.1 may not), 400 in the error body, then the connection closes as Node's own answer did.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header(REQUEST_ID_HEADER, request.id);
    if (!request.headers.host) {
      reply.header('connection', 'close');
      done(new ApiError(400, 'BAD_REQUEST', MISSING_HOST));
      return;
    }
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
    done();
  });

  // Hostile input (NUL, lone surrogates, invalid UTF-8, deep JSON) is refused before any route sees it;
  // every documented route declares the error answers that refusal and the body limits can give.
  installInputGuards(app);
  app.addHook('onRoute', declareErrorAnswers);

  app.setErrorHandler((error, request, reply) => {
    // A database failure is marked on the error where the driver threw it (db/failures.ts); a library
    // that catches it and fails in its own words (better-auth answers 500) is read from the database's
    // health: a failure classified while this request ran.
    let body = toErrorBody(error);
    const failure =
      databaseFailureOf(error) ??
      (body.httpCode === 500
        ? database.health.failureSince(performance.now() - reply.elapsedTime)
        : undefined);
    if (failure !== undefined) body = databaseFailureBody(failure);
    // Every 503 says when to ask again (a database restarting, a busy resizer …: ADR 0042).
    if (body.httpCode === 503) void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    if (failure !== undefined) {
      // Expected while it lasts, and logged once by the database's health (failures.ts): a line per request, no stack.
      request.log.warn(
        { err: errorSummary(error), failure, method: request.method, url: request.url },
        'request failed: database unavailable',
      );
    } else if (body.httpCode >= 500) {
      request.log.error(
        { err: error, method: request.method, url: request.url, reqId: request.id },
        'request failed',
      );
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

  // The composition root: each service is built once here and handed to the route plugins that use it.
  const tenant = { customer: config.customer, businessUnit: config.businessUnit };
  const cache = new VersionedCache(() => readCatalogueVersion(database.db), deps.cacheCheckEveryMs ?? 1000);
  // The catalogue snapshot in a cache of its own, so other entries filling `cache` never evict it.
  const snapshots = new VersionedCache(
    () => readCatalogueVersion(database.db),
    deps.cacheCheckEveryMs ?? 1000,
    16,
  );
  // A change made by this process outside a request (the demo media attached at start) is seen by the next read.
  app.decorate('catalogueChanged', () => {
    cache.invalidate();
    snapshots.invalidate();
  });
  const catalogue = new CatalogueService(database, tenant, snapshots, deps.clock);
  // The schedule (EPG): the streams read it too; its generated window is topped up at start (ADR 0022).
  const epg = new EpgService({
    db: database.db,
    catalogue,
    log: app.log,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  app.addHook('onReady', async () => {
    try {
      await epg.topUpWindow();
    } catch (err) {
      app.log.warn({ err }, 'the schedule window could not be topped up at start; reads will retry');
    }
    // The snapshot the top-up read must not serve a catalogue imported right after start unchecked.
    snapshots.invalidate();
  });
  // The US pay-TV provider sign-in (issue 19, ADR 0041): the enabled distributors (the test one
  // served by this server unless TV_PROVIDER_TEST_DISTRIBUTOR=false); the accounts are set below.
  const clock = deps.clock ?? Date.now;
  const testDistributor = config.tvProvider.testDistributor
    ? new TestDistributor({
        db: database.db,
        clock,
        requestorId: config.tvProvider.requestorId,
        resource: config.tvProvider.resource,
        signInLimit: config.authSignInLimit,
        // Its private key at rest, sealed as the identity service's keys are.
        secretBox: secretBox(identitySecret(config)),
      })
    : undefined;
  const tvProviderAdapters = testDistributor === undefined ? [] : [testDistributor];
  const whitelabel = new WhitelabelService(database.db, tenant, cache, {
    ...(config.crashes.sentryDsn ? { sentryDsn: config.crashes.sentryDsn } : {}),
    // config_web.json's provider list is the enabled distributors', whatever the stored body says.
    provider: TvProviderService.configSection(tvProviderAdapters),
  });
  const images = new ImageService({
    originalsDir: path.join(config.dataDir, 'images'),
    // The demo's generated images (CACHE_DIR/images) after the broadcaster's own (DATA_DIR/images).
    ...(config.demoContent ? { extraOriginalsDirs: [path.join(config.cacheDir, DEMO_IMAGES_DIR)] } : {}),
    cacheDir: path.join(config.dataDir, 'cache', 'images'),
    onCacheWriteError: (err, file) => app.log.warn({ err, file }, 'image variant not cached'),
  });

  // Accounts: mail, the identity service (better-auth under /identity) and its ID-token check.
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log: app.log,
  });
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
  const pinAttempts = new WrongPinLimiter(database.db, deps.clock);
  const checkPassword = createAccountPasswordCheck(identity);
  // Session tokens in Exposure's format, signed with the server's secret (issue 18, ADR 0038).
  const sessionTokens = new SessionTokens(identitySecret(config), config.businessUnit);
  const accounts = new AccountsService(database.db, catalogue, deps.clock, undefined, {
    identityUsers: createIdentityDirectory(identity),
    pinAttempts,
    checkPassword,
    sessionTokens,
  });
  // Parental controls (ADR 0012): a restricted profile's catalogue reads leave out titles above its level;
  // an anonymous session browses as a visitor.
  const viewerLevel = restrictedViewer(accounts);
  const guard = guardSensitiveIdentityCalls(database.db, {
    identity,
    pinAttempts,
    checkPassword,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  const playbackMedia = deps.playbackMedia ?? new PlaybackMediaRegistry();
  app.decorate('playbackMedia', playbackMedia);

  await app.register(healthRoutes, {
    database,
    tenant,
    ...(deps.demo ? { demo: deps.demo } : {}),
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  await app.register(locationRoutes, { tenant });
  await app.register(whitelabelRoutes, {
    service: whitelabel,
    tenant,
    cache,
    parental: { viewerLevel, titlesWithinLevel: (level) => catalogue.titlesWithinLevel(level) },
  });
  // App start (issue 18): the system config, the origin-based white-label config, the translations.
  const appStart = new AppStartService(whitelabel, tenant, {
    publicUrl: config.publicUrl,
    production: config.nodeEnv === 'production',
    sentry: config.crashes.sentryDsn !== '',
    localesDir: path.join(config.webDistDir, 'locales'),
  });
  await app.register(appStartRoutes, { appStart, tenant });
  await app.register(catalogueRoutes, { tenant, catalogue, viewerLevel });
  await app.register(liveRoutes, { tenant, epg });
  await app.register(imageRoutes, { images });
  await app.register(mediaRoutes, {
    dataDir: config.dataDir,
    ...(config.demoContent ? { cacheDir: config.cacheDir } : {}),
  });
  await app.register(identityRoutes, { identity, config, guard });
  // The outbox page (no SMTP_URL): this machine only, with the key in DATA_DIR/outbox-key (ADR 0011).
  if (config.smtpUrl === '')
    await app.register(outboxRoutes, {
      dataDir: config.dataDir,
      trustProxy: config.trustProxy,
      key: outboxKey(config.dataDir),
    });
  await app.register(accountsRoutes, {
    tenant,
    accounts,
    verifyIdToken: deps.verifyIdToken ?? createIdTokenVerifier(identity, config.publicUrl),
    passwordSignIn: createPasswordSignIn(identity, config.publicUrl, app.log),
  });
  const tvProvider = new TvProviderService({
    db: database.db,
    adapters: tvProviderAdapters,
    accounts,
    clock,
    requestorId: config.tvProvider.requestorId,
    resource: config.tvProvider.resource,
    products: config.tvProvider.products,
  });
  await app.register(tvProviderRoutes, {
    tenant,
    service: tvProvider,
    distributor: testDistributor,
    publicUrl: config.publicUrl,
  });
  // Device activation (issue 18, ADR 0040): a big screen's code, confirmed by a signed-in person, then its session.
  const activation = new ActivationService({
    db: database.db,
    tokens: sessionTokens,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  await app.register(activationRoutes, { tenant, activation, sessions: accounts });
  // Network recordings (ADR 0026): the schedule the streams read; played by the play call below.
  const recordings = new RecordingsService({
    db: database.db,
    engine: database.engine,
    schedule: deps.schedule ?? epg,
    catalogue,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  await app.register(recordingsRoutes, { tenant, recordings, sessions: accounts });
  // Playback: entitlement/play, the token-protected media, the ClearKey licence, the eventsink.
  const playback = createPlaybackServices({
    db: database.db,
    tenant,
    catalogue,
    registry: playbackMedia,
    secret: identitySecret(config),
    media: { dataDir: config.dataDir, ...(config.demoContent ? { cacheDir: config.cacheDir } : {}) },
    pinAttempts,
    ...(deps.clock ? { clock: deps.clock } : {}),
    schedule: deps.schedule ?? epg,
    recordings,
  });
  // The EPG answers' access-service marks from the aired titles' media (ADR 0029).
  epg.useAccessMarks((assetId) => playback.live.accessFlags(assetId));
  await app.register(playbackRoutes, {
    tenant,
    services: playback,
    sessions: accounts,
    // A play's X-Adobe-Primetime-MediaToken is checked as adobePrimetimeLogin checks it.
    mediaTokens: tvProvider,
  });
  // Ads: the pre-roll's VAST decision of a play session and its pixels, then the display slots (issue 17: decision,
  // house creatives, tracking; `displayAds.report` feeds the staff dashboard). One consent check for both.
  const preroll = new PrerollService({
    db: database.db,
    tenant,
    registry: playbackMedia,
    playSessions: playback.play,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  await app.register(prerollRoutes, { tenant, preroll });
  const displayAds = new DisplayAdsService({
    db: database.db,
    tenant,
    config: config.ads,
    retentionDays: config.analyticsRetentionDays,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  await app.register(displayAdsRoutes, { tenant, ads: displayAds });

  // Crash reports (issue 17 item 5): the web app's, per day and fingerprint; the dashboard reads `crashes.report`.
  const crashes = new CrashesService({
    db: database.db,
    rateLimitPerMinute: config.crashes.rateLimitPerMinute,
    retentionDays: config.crashes.retentionDays,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  await app.register(crashesRoutes, { tenant, crashes });

  // Audience analytics (issue 17, ADR 0034): the web app's events with consent, the audience report
  // (`app.analytics.report(range)`, for the dashboard) and the retention, run at start and daily.
  const analytics = new AnalyticsService({
    db: database.db,
    catalogue,
    retentionDays: config.analyticsRetentionDays,
    rateLimit: config.analyticsRateLimit,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  app.decorate('analytics', analytics);
  const purgeAnalytics = async (when: string) => {
    try {
      await analytics.purgeIfNewDay();
    } catch (err) {
      app.log.warn(
        { err },
        `old analytics days could not be deleted ${when}; the next batch or check retries`,
      );
    }
  };
  // At start, then checked hourly: the days past the retention go once a day even without traffic.
  const analyticsRetention = setInterval(() => void purgeAnalytics('in the hourly check'), 60 * 60 * 1000);
  analyticsRetention.unref();
  app.addHook('onReady', async () => purgeAnalytics('at start'));
  app.addHook('onClose', async () => clearInterval(analyticsRetention));
  await app.register(analyticsRoutes, { tenant, analytics });

  // The staff dashboard (issue 17): staff accounts only; it reads the audience, crash and ads reports.
  const dashboard = new DashboardService({
    db: database.db,
    sources: deps.dashboardSources ?? { audience: analytics, crashes, ads: displayAds },
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  await app.register(dashboardRoutes, { tenant, dashboard, sessions: accounts });

  const indexHtml = readIndexHtml(config.webDistDir);
  if (indexHtml === undefined)
    app.log.warn({ webDistDir: config.webDistDir }, 'web app not built: no index.html; the API still works');
  // The public pages are rendered by the web app's server entry (web-app/page-render.ts).
  const pages =
    indexHtml === undefined
      ? undefined
      : await createPageRenderer({
          webDistDir: config.webDistDir,
          indexHtml,
          whitelabel,
          catalogue,
          now: deps.clock ?? Date.now,
          renderThreads: config.pageRenderThreads,
        });
  if (pages !== undefined) app.addHook('onClose', () => pages.close());
  await app.register(webAppRoutes, { webDistDir: config.webDistDir, indexHtml, pages });
  app.setNotFoundHandler(notFoundHandler(indexHtml, pages));

  return app;
}

function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}
