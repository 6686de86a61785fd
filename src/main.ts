// Process entry: config → database → app, listening at once → migrations (readiness says so, /readyz
// 503 with the reason) → demo on an empty database → ready. SIGTERM/SIGINT: stop accepting, let
// in-flight requests finish (10 s at most), close the database, exit 0.
import type { Server } from 'node:http';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { startCardReconciler } from './areas/accounting/index.js';
import { startExtractionWorker } from './areas/documents/index.js';
import { HOOKS } from './areas/index.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest, migrationStatus } from './db/migrate.js';
import { isEmpty, runDemo } from './demo.js';
import { startOutboxWorker } from './integrations/mail/worker.js';
import { openFileStore } from './integrations/storage/index.js';
import { createTokens } from './platform/auth.js';
import { Readiness } from './platform/health.js';
import { metricsOf, serveMetrics } from './platform/metrics.js';
import { resolveJwtSecret } from './platform/secret.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  // Asynchronous writes: a log line per request must not block the event loop; flushed on stop.
  const logger = pino({ level: config.logLevel }, pino.destination({ sync: false }));
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    declared: config.databaseDistributed,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
    log: logger,
  });
  const tokens = createTokens(resolveJwtSecret(config));
  const readiness = new Readiness('opening the database');
  // One store for the app and the outbox worker (in memory for DATA_DIR=memory://, so shared).
  const files = openFileStore({ dataDir: config.dataDir, storageUrl: config.storageUrl });
  const app = await buildApp({ config, database, tokens, logger, readiness, files });
  await app.listen({ port: config.port, host: config.host });
  const registry = metricsOf(app);
  let metricsServer: Server | null = null;
  if (registry && config.metrics.port !== null) {
    metricsServer = await serveMetrics(registry, config.metrics.port, config.metrics.host);
    logger.info({ metrics: metricsServer.address() }, 'metrics served');
  }

  let worker: { stop(): Promise<void> } | null = null;
  let reconciler: { stop(): Promise<void> } | null = null;
  let extraction: { stop(): Promise<void> } | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: finishing in-flight requests');
    const grace = setTimeout(() => {
      logger.warn('in-flight requests did not finish in time; closing their connections');
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    grace.unref();
    try {
      metricsServer?.close();
      await app.close();
      await worker?.stop();
      await reconciler?.stop();
      await extraction?.stop();
      await database.close();
    } catch (err) {
      logger.error({ err }, 'error while stopping');
    }
    clearTimeout(grace);
    logger.info('stopped');
    logger.flush();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  // Listening already: a long migration shows in /readyz and in one log line per migration.
  const { pending } = await migrationStatus(database.db);
  let done = 0;
  const progress = () => `applying migrations: ${done} of ${pending.length} applied${pending[done] ? `, now ${pending[done]}` : ''}`;
  readiness.notYet(pending.length > 0 ? progress() : 'checking migrations');
  if (pending.length > 0) logger.info({ pending }, 'applying migrations; /readyz answers 503 until they are applied');
  const applied = await migrateToLatest(
    database.db,
    (migration, ms) => {
      done++;
      readiness.notYet(progress());
      logger.info({ migration, ms }, 'migration applied');
    },
    config.databaseDistributed,
  );
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  if (await isEmpty(database.db)) {
    readiness.notYet('creating the demo company');
    const demo = await runDemo(database.db, files);
    // The demo's password is the public one the README gives (change or remove those users).
    logger.info(
      { companyId: demo.companyId, signIn: 'POST /api/v1/Auth/Login', userName: demo.email, password: demo.password },
      'empty database: demo company created; sign in with these',
    );
  }
  worker = config.smtpUrl ? startOutboxWorker({ db: database.db, files, smtpUrl: config.smtpUrl, from: config.mailFrom, log: logger }) : null;
  // Card payments left pending by a crash or a processor's timeout, settled by asking the processor.
  reconciler = startCardReconciler({ db: database.db, config, hooks: HOOKS, log: logger });
  // The documents library's text extraction: uploads answer at once, their text is read here.
  extraction = startExtractionWorker({ db: database.db, files, hooks: HOOKS, log: logger });
  readiness.ready();
  logger.info({ database: database.kind, docs: '/docs' }, 'fds is serving');
}

main().catch((err: unknown) => {
  const message = err instanceof ConfigError || err instanceof Error ? err.message : String(err);
  process.stderr.write(`fds failed to start: ${message}\n`);
  process.exit(1);
});
