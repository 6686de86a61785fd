// Process entry: config → database (migrated) → demo on an empty database → app → listen.
// SIGTERM/SIGINT: stop accepting, let in-flight requests finish (10 s at most), close the database, exit 0.
import { pino } from 'pino';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { isEmpty, runDemo } from './demo.js';
import { startOutboxWorker } from './integrations/mail/worker.js';
import { createTokens } from './platform/auth.js';
import { resolveJwtSecret } from './platform/secret.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  // Asynchronous writes: a log line per request must not block the event loop; flushed on stop.
  const logger = pino({ level: config.logLevel }, pino.destination({ sync: false }));
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize, log: logger });
  const applied = await migrateToLatest(database.db, (migration, ms) => logger.info({ migration, ms }, 'migration applied'));
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  if (await isEmpty(database.db)) {
    const demo = await runDemo(database.db);
    // The demo's password is the public one the README gives (change or remove those users).
    logger.info({ companyId: demo.companyId, signIn: 'POST /api/v1/Auth/Login', userName: demo.email, password: demo.password },
      'empty database: demo company created; sign in with these');
  }
  const tokens = createTokens(resolveJwtSecret(config));
  const app = await buildApp({ config, database, tokens, logger });
  const worker = config.smtpUrl ? startOutboxWorker({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: logger }) : null;
  await app.listen({ port: config.port, host: config.host });
  logger.info({ database: database.kind, docs: '/docs' }, 'fds is serving');

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
      await app.close();
      await worker?.stop();
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
}

main().catch((err: unknown) => {
  process.stderr.write(`fds failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
