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
