// What migrations share. Migrations import no application code (a later change to the service must
// not change what an old migration did), only this kit — and what a landed migration calls here is
// frozen for the same reason: a different policy or layout is a new function, never an edit.

import { type Kysely, sql } from 'kysely';

/**
 * Row-level security on company tables, enabled and forced: the request role `fds_app` sees and
 * writes its company's rows only (`app.company_id`, set per request; a missing setting reads as ''
 * after a transaction that set it, hence nullif), the connecting (migrating) role keeps full access
 * for the privileged path, and any other role sees nothing.
 */
export async function companyRowSecurity(db: Kysely<unknown>, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await sql
      .raw(`
      ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ${table} FORCE ROW LEVEL SECURITY;
      CREATE POLICY tenant_isolation ON ${table} TO fds_app
        USING (company_id = nullif(current_setting('app.company_id', true), '')::int)
        WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::int);
      CREATE POLICY service_access ON ${table} TO CURRENT_USER USING (true) WITH CHECK (true);
    `)
      .execute(db);
  }
}

/**
 * A later migration's new company tables on a Citus coordinator whose tables are distributed
 * already (an upgrade): distributed by company_id, colocated with the others, before the migration
 * adds their foreign keys — Citus refuses a key from a local table to a distributed one. On
 * PostgreSQL, and on a Citus database being made (its tables are distributed after the migrations,
 * db/distribute.ts), it does nothing.
 */
export async function distributeNewCompanyTables(db: Kysely<unknown>, tables: readonly string[]): Promise<void> {
  if (!(await isCitus(db))) return;
  const placed = await sql<{ placed: boolean }>`SELECT EXISTS (SELECT 1 FROM pg_dist_partition) AS placed`.execute(db);
  if (!placed.rows[0]?.placed) return;
  for (const table of tables) await sql`SELECT create_distributed_table(${table}, 'company_id')`.execute(db);
}

async function isCitus(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql<{ citus: boolean }>`SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') AS citus`.execute(db);
  return rows[0]?.citus === true;
}

/**
 * On Citus, the rest of the migration's transaction runs shard by shard, one connection per worker
 * (citus.multi_shard_modify_mode sequential): foreign keys added to a distributed table cannot
 * follow a parallel operation in the same transaction. Call it first in such a migration.
 */
export async function sequentialOnCitus(db: Kysely<unknown>): Promise<void> {
  if (await isCitus(db)) await sql`SET LOCAL citus.multi_shard_modify_mode TO 'sequential'`.execute(db);
}
