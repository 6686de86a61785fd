// GET /metrics in Prometheus's text format: fastify-metrics (over prom-client) counts requests and
// times them per route, method and status; prom-client's default metrics give the process's
// vitals, event-loop delay among them; fds adds its database pools and its mail queue. Served on
// the service's port only to a caller with METRICS_TOKEN, and/or on a port of its own
// (METRICS_PORT); with neither, nothing is collected (no per-request cost).
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import { sql } from 'kysely';
import { Gauge, Histogram, Registry } from 'prom-client';
import type { MetricsSettings } from '../config.js';
import type { Database } from '../db/database.js';

const TEXT_FORMAT = 'text/plain; version=0.0.4; charset=utf-8';

/** Request latency buckets, in seconds: most answers take milliseconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const registries = new WeakMap<FastifyInstance, Registry>();

/** The app's metrics, when they are collected (main.ts serves them on METRICS_PORT). */
export function metricsOf(app: FastifyInstance): Registry | undefined {
  return registries.get(app);
}

export function metricsWanted(settings: MetricsSettings): boolean {
  return settings.token !== null || settings.port !== null;
}

/** Registers collection (and, with a token, the route) on the app; answers the registry. */
export async function registerMetrics(app: FastifyInstance, database: Database, settings: MetricsSettings): Promise<Registry> {
  const register = new Registry();
  // A CommonJS module: its plugin is its `default` export.
  await app.register(fastifyMetrics.default, {
    endpoint: null,
    defaultMetrics: { enabled: true, register, eventLoopMonitoringPrecision: 10 },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      registeredRoutesOnly: true,
      // The operations routes and the reference pages are not the service's traffic.
      routeBlacklist: ['/metrics', '/healthz', '/readyz', /^\/docs/, /openapi\.json$/],
      overrides: {
        histogram: {
          name: 'http_request_duration_seconds',
          help: 'Time to answer a request, by route, method and status',
          buckets: LATENCY_BUCKETS,
          registers: [register],
        },
      },
    },
  });
  databaseMetrics(register, database);
  registries.set(app, register);

  if (settings.token !== null) {
    const expected = Buffer.from(`Bearer ${settings.token}`);
    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn', config: { disableMetrics: true } }, async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').type('text/plain').send('METRICS_TOKEN required\n');
      }
      return reply.type(TEXT_FORMAT).send(await register.metrics());
    });
  }
  return register;
}

/** Serves the registry on METRICS_PORT (no token: keep that port private). */
export async function serveMetrics(register: Registry, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('GET /metrics\n');
      return;
    }
    register.metrics().then(
      (text) => response.writeHead(200, { 'content-type': TEXT_FORMAT }).end(text),
      (err: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${err.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

function databaseMetrics(register: Registry, database: Database): void {
  new Gauge({
    name: 'fds_db_pool_connections',
    help: 'Database connections per pool: open (total), idle, and the pool size (max)',
    labelNames: ['pool', 'state'] as const,
    registers: [register],
    collect() {
      this.reset();
      for (const p of database.pools()) {
        this.set({ pool: p.pool, state: 'total' }, p.total);
        this.set({ pool: p.pool, state: 'idle' }, p.idle);
        this.set({ pool: p.pool, state: 'max' }, p.max);
      }
    },
  });
  new Gauge({
    name: 'fds_db_pool_waiting',
    help: 'Checkouts waiting for a database connection now, per pool',
    labelNames: ['pool'] as const,
    registers: [register],
    collect() {
      this.reset();
      for (const p of database.pools()) this.set({ pool: p.pool }, p.waiting);
    },
  });
  const wait = new Histogram({
    name: 'fds_db_pool_wait_seconds',
    help: "Time a request's checkout waited for a database connection (PostgreSQL's request pool)",
    buckets: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1],
    registers: [register],
  });
  database.waits.observe = (seconds) => wait.observe(seconds);
  // The mail outbox is the service's job queue today (the worker delivers it: integrations/mail).
  new Gauge({
    name: 'fds_outbox_mail',
    help: 'Mail in the outbox waiting to be sent: pending in all, and due now (its index answers both)',
    labelNames: ['state'] as const,
    registers: [register],
    async collect() {
      this.reset();
      try {
        const { rows } = await sql<{ pending: number; due: number }>`
          select count(*)::int as pending, count(*) filter (where next_attempt_at <= now())::int as due
          from outbox where status = 'pending'`.execute(database.db);
        this.set({ state: 'pending' }, rows[0]?.pending ?? 0);
        this.set({ state: 'due' }, rows[0]?.due ?? 0);
      } catch {
        // The database is away or not migrated yet: the gauge is left out of this scrape.
      }
    },
  });
}
