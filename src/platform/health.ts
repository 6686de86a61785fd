// /healthz (the process is up) and /readyz (ready to serve: migrations applied, the database
// answers): small JSON bodies, no token. The server listens before its migrations run, so an
// operator can watch a long start; until then /readyz answers 503 with the reason, and API
// requests 503 meta.service_temporarily_unavailable with Retry-After.

import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { Type } from './schemas.js';

const Health = Type.Object({ status: Type.String(), database: Type.Optional(Type.String()), reason: Type.Optional(Type.String()) });

/** Whether the service may serve requests yet, and if not, why (main.ts moves it along). */
export class Readiness {
  private readyAt = -Infinity;
  private bootedAt = -Infinity;

  constructor(private why: string | null = null) {}

  /** Null once ready. */
  get reason(): string | null {
    return this.why;
  }

  notYet(reason: string): void {
    this.why = reason;
  }

  ready(): void {
    this.why = null;
    this.readyAt = performance.now();
  }

  /** The app finished booting (every route's schemas were just compiled: a busy moment). */
  booted(): void {
    this.bootedAt = performance.now();
  }

  /** Milliseconds since the start's own work ended: the app's boot, or becoming ready (main.ts:
   *  after migrations), whichever came last. */
  get msSinceReady(): number {
    return performance.now() - Math.max(this.readyAt, this.bootedAt);
  }
}

/** Seconds a client is told to wait before retrying while the service starts. */
export const STARTING_RETRY_AFTER_S = 5;

export function registerHealth(app: FastifyInstance, database: Database, readiness: Readiness): void {
  app.get('/healthz', { schema: { summary: 'The process is up', tags: ['Operations'], response: { 200: Health } } }, async () => ({ status: 'ok' }));
  app.get(
    '/readyz',
    {
      schema: {
        summary: 'Ready to serve',
        description:
          '200 once migrations are applied and the database answers; 503 with the reason before (`starting`: migrations are being applied) or when the database cannot be reached (`unavailable`).',
        tags: ['Operations'],
        response: { 200: Health, 503: Health },
      },
    },
    async (_request, reply) => {
      const reason = readiness.reason;
      if (reason !== null) {
        reply.code(503).header('retry-after', String(STARTING_RETRY_AFTER_S));
        return { status: 'starting', database: database.kind, reason };
      }
      try {
        await withTimeout(sql`select 1`.execute(database.db), 1000);
        return { status: 'ok', database: database.kind };
      } catch {
        reply.code(503);
        return { status: 'unavailable', database: database.kind, reason: 'the database does not answer' };
      }
    },
  );
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    work.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), ms);
    }),
  ]);
}
