import closeWithGrace from 'close-with-grace';
import type { Logger } from 'pino';
import { buildApp, type App } from './app.js';
import { ConfigError, isProductionDeployment, loadConfig, redactUrl, type Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedIfEmpty } from './db/seed.js';
import { warmUpGeo } from './lib/geo.js';
import { DEMO_SUBSCRIBER, seedDemoSubscriber } from './modules/accounts/demo-subscriber.js';
import { publicUrlWarning } from './modules/identity/origins.js';
import { DEMO_TV_SUBSCRIBER, seedDemoTvSubscriber } from './modules/tv-provider/index.js';
import { importDemoIfEmpty } from './modules/catalogue/demo-content.js';
import { DemoPreparation } from './modules/media/demo/prepare.js';
import { createLogger } from './lib/logger.js';
import { outboxKey, outboxLink } from './modules/mail/index.js';
import { SERVER_VERSION } from './lib/version.js';

/** Stopping must finish within 5 s; past this the process gives up and exits with code 1. */
const STOP_DEADLINE_MS = 4500;

function readConfig(): Config {
  // A .env file in the working folder, when present, fills variables the environment leaves unset.
  try {
    process.loadEnvFile();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Opens, migrates and seeds the database, then builds the app over it. */
async function prepare(
  config: Config,
  log: Logger,
  demo: DemoPreparation,
): Promise<{ app: App; database: DatabaseHandle }> {
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  try {
    const where = database.engine === 'sqlite' ? config.dataDir : redactUrl(config.databaseUrl);
    log.info({ engine: database.engine, where }, 'database opened');
    const { applied } = await migrateToLatest(database.db);
    if (applied.length > 0) log.info({ applied }, `applied ${applied.length} migration(s)`);
    const tenant = { customer: config.customer, businessUnit: config.businessUnit };
    const { seeded } = await seedIfEmpty(database.db, { ...tenant, version: SERVER_VERSION });
    if (seeded) log.info(tenant, 'seeded an empty database');
    if (config.demoContent) {
      const imported = await importDemoIfEmpty(database.db, tenant);
      if (imported?.ok)
        log.info(
          { ...tenant, assets: imported.assets.inserted },
          'loaded the demo catalogue (Antenne Monde)',
        );
    }
    warmUpGeo();
    const app = await buildApp({ config, database, logger: log, demo });
    // The demo's subscriber (public password): embedded mode only, never with DATABASE_URL.
    if (
      config.demoContent &&
      !isProductionDeployment(config) &&
      (await seedDemoSubscriber(app.identity, database.db))
    ) {
      log.info({ email: DEMO_SUBSCRIBER.email }, 'created the demo subscriber (password in the README)');
    }
    // The test distributor's demo subscriber (issue 19): US sign-in at once, same rule as the demo account.
    if (
      config.demoContent &&
      config.tvProvider.testDistributor &&
      !isProductionDeployment(config) &&
      (await seedDemoTvSubscriber(database.db))
    ) {
      log.info(
        { username: DEMO_TV_SUBSCRIBER.username },
        'created the pay-TV test distributor demo subscriber (password in the README)',
      );
    }
    return { app, database };
  } catch (error) {
    await database.destroy();
    throw error;
  }
}

const config = readConfig();
const log = createLogger(config);

const demo = new DemoPreparation();
let app: App;
let database: DatabaseHandle;
try {
  ({ app, database } = await prepare(config, log, demo));
} catch (error) {
  log.fatal({ err: error }, 'could not start');
  process.exit(1);
}

// What an error nobody handled does to the process (ADR 0042):
// - an exception thrown out of a callback (uncaughtException) stops it, gracefully (close-with-grace
//   below, exit code 1): the stack unwound through code that did not expect it, so whatever state
//   it was changing is in doubt, and a supervisor (systemd, Docker, Kubernetes) starts a clean one;
// - a rejected promise nobody awaited (unhandledRejection) is logged at error and the process
//   serves on: the failure belonged to that one promise (a timer's job, a cache refresh) and left
//   no half-changed state behind, and stopping every visitor's requests for it would turn one
//   failed job into an outage. It is a bug all the same: the line says so, to be fixed.
// The database's own failures reach neither: they are handled (db/database.ts, db/failures.ts).
process.on('unhandledRejection', (reason) => {
  log.error(
    { err: reason },
    'unhandled promise rejection (a bug: a failure nobody awaited); the process serves on',
  );
});

closeWithGrace(
  {
    delay: STOP_DEADLINE_MS,
    skip: ['unhandledRejection'],
    logger: { error: (message: unknown) => log.error(message) },
    onTimeout: (delay) => log.error(`stop took longer than ${delay} ms: forcing exit`),
  },
  async ({ signal, err }) => {
    if (err) log.error({ err }, 'stopping after an unexpected error');
    else log.info({ signal }, 'stopping');
    // A demo media build in progress stops first (ffmpeg killed, the half-built item removed).
    await demo.stop();
    // Stops accepting, lets in-flight requests finish, then closes the database (onClose hook).
    // A keep-alive connection whose request ends after the stop began is idle only from then on:
    // Node closes idle connections once, when close starts, so the rest are swept until all are gone
    // (otherwise one browser tab or HTTP client keeps the process up for the keep-alive timeout).
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
    } finally {
      clearInterval(sweep);
    }
    log.info('stopped');
  },
);

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  log.fatal({ err: error }, 'could not listen');
  await app.close();
  process.exit(1);
}
const address = app.server.address();
const port = typeof address === 'object' && address !== null ? address.port : config.port;
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
log.info(
  { url: `http://${shownHost}:${port}`, publicUrl: config.publicUrl, version: SERVER_VERSION },
  `listening on http://${shownHost}:${port}`,
);
// Without SMTP_URL: the link that opens the mail outbox on this machine, with its key (ADR 0011).
if (config.smtpUrl === '') {
  const outbox = outboxLink(config.host, port, outboxKey(config.dataDir));
  log.info({ outbox }, `mail outbox (no SMTP_URL), on this machine: ${outbox}`);
}
// A localhost PUBLIC_URL on a server other machines reach: say who needs PUBLIC_URL (sign-in, mail links).
const publicUrlHint = publicUrlWarning(config);
if (publicUrlHint !== null) log.warn({ publicUrl: config.publicUrl, host: config.host }, publicUrlHint);

if (config.demoContent) {
  // Built once per machine into CACHE_DIR; meanwhile the server answers and the titles have no media yet.
  void demo.start({
    cacheDir: config.cacheDir,
    db: database.db,
    tenant: { customer: config.customer, businessUnit: config.businessUnit },
    log,
    registry: app.playbackMedia,
    // "ready" then means ready for this process's readers too, not up to a second later.
    onAttached: () => app.catalogueChanged(),
  });
}
