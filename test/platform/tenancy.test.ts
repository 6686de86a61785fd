// Tenancy fails closed: row-level security is enabled and forced on every company table, the request
// role cannot bypass it, and a query that forgets its company reads nothing of another company.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { HOOKS } from '../../src/areas/index.js';
import { APP_ROLE, forCompany } from '../../src/db/tenant.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createCompany, createUser } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

describe('row-level security', () => {
  it('is enabled and forced, with a company policy, on every table holding company data', async () => {
    const { rows } = await sql<{ table: string; rls: boolean; forced: boolean; policies: string[] }>`
      select c.relname as table, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
        array(select p.polname::text || ':' || pg_get_expr(p.polqual, p.polrelid) from pg_policy p
              where p.polrelid = c.oid and ${APP_ROLE}::regrole = any(p.polroles)) as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and (exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped)
             or c.relname = 'companies')`.execute(t.database.db);
    assert.ok(rows.length >= 9, `found ${rows.length} tables`);
    for (const row of rows) {
      assert.ok(row.rls, `${row.table}: RLS enabled`);
      assert.ok(row.forced, `${row.table}: RLS forced`);
      assert.ok(
        row.policies.some((p) => p.includes("current_setting('app.company_id'")),
        `${row.table}: ${row.policies.join(' | ')}`,
      );
    }
  });

  it("keeps the global users table from the request role (a company reads its members' copy of their profile)", async () => {
    const { rows } = await sql<{ rls: boolean; forced: boolean; readable: boolean }>`
      select c.relrowsecurity as rls, c.relforcerowsecurity as forced, has_table_privilege(${APP_ROLE}, c.oid, 'SELECT') as readable
      from pg_class c where c.oid = 'users'::regclass`.execute(t.database.db);
    assert.deepEqual(rows, [{ rls: true, forced: true, readable: false }]);
    const a = await createCompany(t);
    await assert.rejects(
      forCompany(t.database.db, HOOKS, { companyId: a.companyId, userId: a.adminUserId }, null, (tenant) =>
        tenant.db.selectFrom('users').select('id').execute(),
      ),
      /permission denied for table users/,
    );
  });

  it('applies to the request role, which owns no table and cannot bypass it', async () => {
    const { rows } = await sql<{ rolsuper: boolean; rolbypassrls: boolean; owned: number }>`
      select r.rolsuper, r.rolbypassrls,
        (select count(*)::int from pg_class c where c.relowner = r.oid) as owned
      from pg_roles r where r.rolname = ${APP_ROLE}`.execute(t.database.db);
    assert.deepEqual(rows, [{ rolsuper: false, rolbypassrls: false, owned: 0 }]);
  });

  it('confines a query that forgets its company filter to the company of the transaction', async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    await createUser(t, b.companyId);
    const seen = await forCompany(t.database.db, HOOKS, { companyId: a.companyId, userId: a.adminUserId }, null, async (tenant) => ({
      roles: await tenant.db.selectFrom('roles').select('company_id').execute(),
      members: await tenant.db.selectFrom('company_users').select('company_id').execute(),
      companies: await tenant.db.selectFrom('companies').select('id').execute(),
    }));
    assert.ok(seen.roles.length === 4 && seen.roles.every((r) => r.company_id === a.companyId));
    assert.ok(seen.members.every((m) => m.company_id === a.companyId));
    assert.deepEqual(seen.companies, [{ id: a.companyId }]);
  });

  it('reads nothing when no company is set, and refuses writes into another company', async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const unset = await t.database.db.transaction().execute(async (trx) => {
      await sql`select set_config('role', ${APP_ROLE}, true)`.execute(trx);
      return trx.selectFrom('roles').select('id').execute();
    });
    assert.deepEqual(unset, []);
    await assert.rejects(
      forCompany(t.database.db, HOOKS, { companyId: a.companyId, userId: a.adminUserId }, null, (tenant) =>
        tenant.db.insertInto('roles').values({ company_id: b.companyId, name: 'Intruder' }).execute(),
      ),
      /row-level security/,
    );
    const updated = await forCompany(t.database.db, HOOKS, { companyId: a.companyId, userId: a.adminUserId }, null, (tenant) =>
      tenant.db.updateTable('roles').set({ description: 'hijacked' }).where('company_id', '=', b.companyId).executeTakeFirst(),
    );
    assert.equal(Number(updated.numUpdatedRows), 0);
    const bRoles = await t.database.db.selectFrom('roles').select('description').where('company_id', '=', b.companyId).execute();
    assert.ok(bRoles.every((r) => r.description !== 'hijacked'));
  });

  it('leaves no company on a pooled connection after the transaction', async () => {
    const a = await createCompany(t);
    await forCompany(t.database.db, HOOKS, { companyId: a.companyId, userId: a.adminUserId }, null, async () => null);
    const { rows } = await sql<{ role: string; company: string | null }>`
      select current_user as role, nullif(current_setting('app.company_id', true), '') as company`.execute(t.database.db);
    assert.notEqual(rows[0]!.role, APP_ROLE);
    assert.equal(rows[0]!.company, null);
  });
});
