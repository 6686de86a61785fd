// /healthz (the process is up) and /readyz (the database answers): small JSON bodies, no token.
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { Type } from './schemas.js';

const Health = Type.Object({ status: Type.String(), database: Type.Optional(Type.String()) });

export function registerHealth(app: FastifyInstance, database: Database): void {
  app.get('/healthz', { schema: { summary: 'The process is up', tags: ['Operations'], response: { 200: Health } } },
    async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { summary: 'The database is reachable', tags: ['Operations'], response: { 200: Health, 503: Health } } },
    async (_request, reply) => {
      try {
        await withTimeout(sql`select 1`.execute(database.db), 1000);
        return { status: 'ok', database: database.kind };
      } catch {
        reply.code(503);
        return { status: 'unavailable', database: database.kind };
      }
    });
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
