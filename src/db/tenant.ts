// How work reaches one company's data: a Tenant (platform/door.ts) over the company's transaction
// or connection. Statements run as the unprivileged role with the company set; the door adds the
// company's filter to every statement it starts, and row-level security confines whatever else
// runs to that company, so a forgotten filter reads nothing rather than another company's rows
// (docs/architecture.md, "Data").
//
// Two ways in:
//  - forCompany: one transaction that switches role and company (transaction-local settings).
//    Used on PGlite (one session for everything), by the demo and by tests.
//  - tenantRunner: what requests use. On PostgreSQL it goes through the tenant pool
//    (tenant-pool.ts): a read is its statements alone, a write one read-write transaction. On
//    PGlite it is forCompany, read-only for reads, so both engines refuse a write from a read.
import { type Kysely, sql } from 'kysely';
import { type Actor, Tenant } from '../platform/door.js';
import type { Hooks } from '../platform/events.js';
import type { Database, Db } from './database.js';
import { APP_ROLE } from './tenant-pool.js';
import type { DB } from './types.js';

export { type Actor, APP_ROLE, Tenant };

/** `read`: statements that change nothing (a write fails: read-only); `write`: one transaction. */
export type TenantMode = 'read' | 'write';

export type CompanyWork<T> = (tenant: Tenant) => Promise<T>;

/**
 * On Citus the policies are checked on the workers, which never see the coordinator's session: the
 * company goes to them as a `SET LOCAL` command, which Citus repeats on each worker connection of
 * the transaction (`citus.propagate_set_commands = local`, set on every connection of the pools).
 * The id is a checked integer written as a literal: SET takes no parameters.
 */
export async function setCompanyOnWorkers(trx: Kysely<DB>, companyId: number): Promise<void> {
  if (!Number.isInteger(companyId) || companyId <= 0) throw new Error(`bad company id ${companyId}`);
  await sql`SET LOCAL app.company_id = ${sql.lit(String(companyId))}`.execute(trx);
}

/** Databases on Citus, as database.ts found them (forCompany is given a Kysely, not a Database). */
const distributedDbs = new WeakSet<Db>();
export function markDistributed(db: Db): void {
  distributedDbs.add(db);
}

export async function forCompany<T>(
  db: Db,
  hooks: Hooks,
  actor: Actor,
  requestId: string | null,
  work: CompanyWork<T>,
  mode: TenantMode = 'write',
  removeFreedFiles: Tenant['removeFreedFiles'] = null,
): Promise<T> {
  const opened: { tenant?: Tenant } = {};
  const builder = db.transaction().setAccessMode(mode === 'read' ? 'read only' : 'read write');
  const result = await builder.execute(async (trx) => {
    // One round trip; both settings are transaction-local and vanish at COMMIT/ROLLBACK, so a
    // pooled connection never carries a company into the next request.
    await sql`select set_config('role', ${APP_ROLE}, true), set_config('app.company_id', ${String(actor.companyId)}, true)`.execute(trx);
    if (distributedDbs.has(db)) await setCompanyOnWorkers(trx, actor.companyId);
    opened.tenant = new Tenant(trx, actor.companyId, actor.userId, requestId, hooks, distributedDbs.has(db));
    opened.tenant.removeFreedFiles = removeFreedFiles;
    const result = await work(opened.tenant);
    await opened.tenant.beforeCommit();
    return result;
  });
  const effects = opened.tenant!.committed();
  if (effects) await effects;
  return result;
}

export type TenantRunner = <T>(actor: Actor, requestId: string | null, mode: TenantMode, work: CompanyWork<T>) => Promise<T>;

/** `removeFreedFiles`: the app's way to remove the bytes of files whose last reference a request's
 *  work dropped where the store was not at hand (Tenant.fileFreed). */
export function tenantRunner(database: Database, hooks: Hooks, removeFreedFiles: Tenant['removeFreedFiles'] = null): TenantRunner {
  const pool = database.tenants;
  if (!pool) return (actor, requestId, mode, work) => forCompany(database.db, hooks, actor, requestId, work, mode, removeFreedFiles);
  return async (actor, requestId, mode, work) => {
    const opened: { tenant?: Tenant } = {};
    const open = async (db: Kysely<DB>) => {
      opened.tenant = new Tenant(db, actor.companyId, actor.userId, requestId, hooks, database.distributed);
      opened.tenant.removeFreedFiles = removeFreedFiles;
      const result = await work(opened.tenant);
      // A read's connection has no transaction to commit, and wrote nothing to count.
      if (mode === 'write') await opened.tenant.beforeCommit();
      return result;
    };
    // On Citus a read is a read-only transaction too: the company reaches the workers only so.
    const result = await pool.inCompany(actor.companyId, (company) =>
      mode === 'read' && !database.distributed
        ? company.connection().execute(open)
        : company
            .transaction()
            .setAccessMode(mode === 'read' ? 'read only' : 'read write')
            .execute(async (trx) => {
              if (database.distributed) await setCompanyOnWorkers(trx, actor.companyId);
              return open(trx);
            }),
    );
    const effects = opened.tenant!.committed();
    if (effects) await effects;
    return result;
  };
}
