// The only door to company tables for request code. Statements run as the unprivileged role with
// the company set; row-level security then confines every statement to that company, so a
// repository that forgets its `company_id` filter reads nothing rather than another company's
// rows (ARCHITECTURE.md "Data").
//
// Two ways in:
//  - forCompany: one transaction that switches role and company (transaction-local settings).
//    Used on PGlite (one session for everything), by the demo and by tests.
//  - tenantRunner: what requests use. On PostgreSQL it goes through the tenant pool
//    (tenant-pool.ts): a read is its statements alone, a write one read-write transaction. On
//    PGlite it is forCompany, read-only for reads, so both engines refuse a write from a read.
import { sql, type Kysely } from 'kysely';
import type { Database, Db } from './database.js';
import { APP_ROLE } from './tenant-pool.js';
import type { DB } from './types.js';

export { APP_ROLE };

export interface Actor {
  readonly companyId: number;
  readonly userId: string;
}

export interface Tenant extends Actor {
  /** The company's transaction, or (reads on PostgreSQL) a connection set to the company. */
  readonly db: Kysely<DB>;
  /** Request id, recorded with audit rows. */
  readonly requestId: string | null;
  /** Runs `effect` once the work has committed (never when it rolls back). */
  afterCommit(effect: () => void): void;
}

/** `read`: statements that change nothing (a write fails: read-only); `write`: one transaction. */
export type TenantMode = 'read' | 'write';

export async function forCompany<T>(
  db: Db,
  actor: Actor,
  requestId: string | null,
  work: (tenant: Tenant) => Promise<T>,
  mode: TenantMode = 'write',
): Promise<T> {
  const effects: Array<() => void> = [];
  const builder = db.transaction().setAccessMode(mode === 'read' ? 'read only' : 'read write');
  const result = await builder.execute(async (trx) => {
    // One round trip; both settings are transaction-local and vanish at COMMIT/ROLLBACK, so a
    // pooled connection never carries a company into the next request.
    await sql`select set_config('role', ${APP_ROLE}, true), set_config('app.company_id', ${String(actor.companyId)}, true)`.execute(trx);
    return work({ db: trx, companyId: actor.companyId, userId: actor.userId, requestId, afterCommit: (effect) => effects.push(effect) });
  });
  for (const effect of effects) effect();
  return result;
}

export type TenantRunner = <T>(actor: Actor, requestId: string | null, mode: TenantMode, work: (tenant: Tenant) => Promise<T>) => Promise<T>;

export function tenantRunner(database: Database): TenantRunner {
  const pool = database.tenants;
  if (!pool) return (actor, requestId, mode, work) => forCompany(database.db, actor, requestId, work, mode);
  return async (actor, requestId, mode, work) => {
    const effects: Array<() => void> = [];
    const tenant = (db: Kysely<DB>): Tenant => ({
      db, companyId: actor.companyId, userId: actor.userId, requestId, afterCommit: (effect) => effects.push(effect),
    });
    const result = await pool.inCompany(actor.companyId, () =>
      mode === 'read'
        ? pool.db.connection().execute((db) => work(tenant(db)))
        : pool.db.transaction().setAccessMode('read write').execute((trx) => work(tenant(trx))));
    for (const effect of effects) effect();
    return result;
  };
}
