// buildApp(deps): the platform (conventions, auth, errors, reference) and then every area, from one
// explicit list. No I/O happens here: the database is only used by requests.
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { AREAS, HOOKS } from './areas/index.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { tenantRunner } from './db/tenant.js';
import { type FileStore, openFileStore } from './integrations/storage/index.js';
import type { AreaDeps } from './platform/area.js';
import { authenticator, type Tokens } from './platform/auth.js';
import { failure, sharedSchemas } from './platform/envelope.js';
import { Codes, errorHandler } from './platform/errors.js';
import { Readiness, registerHealth, STARTING_RETRY_AFTER_S } from './platform/health.js';
import { lazySerializers, lazyValidators } from './platform/lazy-compilers.js';
import { lazyChildLogger } from './platform/lazy-logger.js';
import { metricsWanted, registerMetrics } from './platform/metrics.js';
import { registerReference } from './platform/openapi.js';
import { announceThrough, PrincipalCache } from './platform/principal-cache.js';
import { type RouteConfig, registerRoutes } from './platform/route.js';
import { StoredFiles } from './platform/stored-files.js';
import { registerSchema, validatorCompiler } from './platform/validation.js';

export { AREAS, HOOKS };

export interface AppDeps {
  config: Config;
  database: Database;
  tokens: Tokens;
  /** A pino logger config or instance; false for none (benchmarks of the bare cost). */
  logger?: FastifyServerOptions['logger'] | FastifyServerOptions['loggerInstance'];
  /** Write one log line per request (default true). */
  accessLog?: boolean;
  /** Not ready while migrations run (main.ts); absent: ready. */
  readiness?: Readiness;
  /** The file store; absent: the one configured (DATA_DIR). */
  files?: FileStore;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** How often @fastify/under-pressure samples the event loop's delay. */
const PRESSURE_SAMPLE_MS = 500;
/** Seconds an overloaded server asks a client to wait. */
const PRESSURE_RETRY_AFTER_S = 10;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const loggerOption = deps.logger === undefined ? { level: config.logLevel } : deps.logger;
  const app = Fastify({
    ...(loggerOption && typeof (loggerOption as { child?: unknown }).child === 'function'
      ? { loggerInstance: loggerOption as FastifyServerOptions['loggerInstance'] }
      : { logger: loggerOption as FastifyServerOptions['logger'] }),
    // One line per request is written by the onResponse hook below, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyChildLogger,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: config.bodyLimit,
    // Response serializers compiled on a route's first answer (platform/lazy-compilers.ts).
    schemaController: { compilersFactory: { buildSerializer: lazySerializers() } },
    trustProxy: config.trustProxy,
    // A caller's X-Request-Id is kept when it is sane, so logs correlate across systems.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });

  app.setValidatorCompiler(lazyValidators(validatorCompiler));
  for (const schema of [...sharedSchemas, ...AREAS.flatMap((area) => area.schemas ?? [])]) {
    registerSchema(schema);
    app.addSchema(schema);
  }
  app.decorateRequest('principal', undefined);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send(failure([{ code: Codes.routeNotFound.code, message: `There is no endpoint ${request.method} ${request.url.split('?')[0]!.slice(0, 200)}.` }]));
  });

  // Metrics first: they time the routes registered after them (platform/metrics.ts).
  if (metricsWanted(config.metrics)) await registerMetrics(app, deps.database, config.metrics);
  const readiness = deps.readiness ?? new Readiness();
  // A stalled event loop answers 503 at once rather than queueing more work (health routes pass).
  if (config.maxEventLoopDelayMs > 0) {
    app.addHook('onReady', (done) => {
      readiness.booted();
      done();
    });
    await app.register(underPressure, {
      maxEventLoopDelay: config.maxEventLoopDelayMs,
      sampleInterval: PRESSURE_SAMPLE_MS,
      retryAfter: PRESSURE_RETRY_AFTER_S,
      // The plugin sends what the handler returns, and lets the request through on undefined
      // (its types say void: hence the cast).
      pressureHandler: ((request: FastifyRequest, reply: FastifyReply) => {
        // Health and reference pages pass; so does the first moment after start-up, whose own work
        // (compiling every route's schemas; migrations on the embedded database, which run on this
        // thread) is still in the last sample.
        if (!(request.routeOptions.config as Partial<RouteConfig> | undefined)?.access || readiness.msSinceReady < PRESSURE_SAMPLE_MS * 3) return undefined;
        request.log.warn({ url: request.url }, 'under pressure: event loop delay; answered 503');
        reply.code(503).header('retry-after', String(PRESSURE_RETRY_AFTER_S));
        return failure([{ code: Codes.unavailable.code, message: 'The service is overloaded right now. Retry after a wait.' }]);
      }) as never,
    });
  }

  // Callback hooks rather than async ones: each async hook costs a promise and a microtask hop per request.
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.config as Partial<RouteConfig> | undefined;
    reply.header('api-supported-versions', route?.apiVersions ?? '1.0, 2.0');
    reply.header('x-request-id', request.id);
    // While the service starts (migrations), the API answers 503; health and reference pages serve.
    if (readiness.reason !== null && route?.access) {
      reply
        .code(503)
        .header('retry-after', String(STARTING_RETRY_AFTER_S))
        .send(failure([{ code: Codes.unavailable.code, message: `The service is starting (${readiness.reason}). Retry after a wait.` }]));
      return;
    }
    done();
  });
  if (deps.accessLog !== false) {
    app.addHook('onResponse', (request, reply, done) => {
      // Through the server's logger with the request's id: no child logger for the common request.
      app.log.info(
        {
          reqId: request.id,
          method: request.method,
          url: request.url.length > 300 ? request.url.slice(0, 300) : request.url,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          companyId: request.principal?.companyId,
          userId: request.principal?.userId,
        },
        'request',
      );
      done();
    });
  }

  // Multipart bodies are parsed only by the routes that take files (registered below, in a context of
  // their own with the plugin): its per-request hooks (a 'close' listener, an async clean-up) then cost
  // the other routes nothing. Elsewhere a multipart body is accepted unread, as the plugin's own parser
  // does, so such a request still meets its route's validation (400), not a 415.
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
  await registerReference(app);
  registerHealth(app, deps.database, readiness);

  // Sessions' principals are cached while the database's change notifications flow (see principal-cache.ts).
  const principals = new PrincipalCache();
  let stopListening: (() => Promise<void>) | null = null;
  let stopAnnouncing: (() => void) | null = null;
  app.addHook('onReady', async () => {
    stopAnnouncing = announceThrough(deps.database.db);
    stopListening = await deps.database.listen('fds_principal', {
      message: (payload) => principals.invalidateFromPayload(payload),
      up: () => principals.up(),
      down: () => principals.down(),
    });
  });
  app.addHook('onClose', async () => {
    stopAnnouncing?.();
    await stopListening?.();
    principals.close();
  });

  const store = deps.files ?? openFileStore({ dataDir: config.dataDir, storageUrl: config.storageUrl });
  const storedFiles = new StoredFiles(store, deps.database.db);
  const routeDeps = {
    files: store,
    db: deps.database.db,
    tenants: tenantRunner(deps.database, HOOKS, (companyId, keys) => storedFiles.removeFreed(companyId, keys)),
    authenticate: authenticator(deps.database.db, deps.tokens, principals, config.apiTokens),
  };
  // The privileged executor goes only to areas that declare why they need it (platform/area.ts).
  const areaDeps: AreaDeps = { config, tokens: deps.tokens, files: storedFiles };
  const privilegedDeps: AreaDeps = { ...areaDeps, privileged: deps.database.db };
  const areas = AREAS.map((area) => ({ area, routes: area.routes(area.privileged ? privilegedDeps : areaDeps) }));
  for (const { area, routes } of areas)
    registerRoutes(
      app,
      routes.filter((r) => !r.upload),
      routeDeps,
      [area.name],
    );
  // Multipart uploads (imports, documents): each route declares its own file count and size.
  await app.register(async (uploads) => {
    uploads.removeContentTypeParser('multipart/form-data');
    await uploads.register(multipart, { limits: { files: 10, fileSize: 25 * 1024 * 1024, parts: 40, fields: 20, fieldSize: 1024 * 1024, headerPairs: 200 } });
    for (const { area, routes } of areas)
      registerRoutes(
        uploads,
        routes.filter((r) => r.upload),
        routeDeps,
        [area.name],
      );
  });
  return app;
}
