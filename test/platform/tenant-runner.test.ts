// The way requests reach company data (db/tenant.ts tenantRunner): on PostgreSQL through the tenant
// pool (the unprivileged role from the connection's start, the company set per checkout, reads
// outside transactions); on PGlite through a transaction. Either way: row security confines every
// statement to the request's company, reads cannot write, writes are one transaction.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { type Database, openDatabase } from '../../src/db/database.js';
import { APP_ROLE, type TenantRunner, tenantRunner } from '../../src/db/tenant.js';
import { NO_HOOKS } from '../../src/platform/events.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createCompany, createUser } from '../helpers/factories.js';

let t: TestApp;
let run: TenantRunner;
before(async () => {
  t = await startTestApp();
  run = tenantRunner(t.database, NO_HOOKS);
});
after(() => t.close());

const actor = (company: { companyId: number; adminUserId: string }) => ({ companyId: company.companyId, userId: company.adminUserId });

describe('the request path to company data', () => {
  it('confines a read that forgets its company filter to the request company', async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    await createUser(t, b.companyId);
    if (t.database.distributed) {
      // On Citus the request pool refuses such a statement outright: it would read every shard.
      await assert.rejects(
        run(actor(a), null, 'read', (tenant) => tenant.db.selectFrom('roles').select('company_id').execute()),
        /multi-task query/,
      );
      return;
    }
    const seen = await run(actor(a), null, 'read', async (tenant) => ({
      roles: await tenant.db.selectFrom('roles').select('company_id').execute(),
      companies: await tenant.db.selectFrom('companies').select('id').execute(),
      role: (await sql<{ role: string }>`select current_user as role`.execute(tenant.db)).rows[0]!.role,
    }));
    assert.equal(seen.roles.length, 4);
    assert.ok(seen.roles.every((r) => r.company_id === a.companyId));
    assert.deepEqual(seen.companies, [{ id: a.companyId }]);
    assert.equal(seen.role, APP_ROLE);
  });

  it('refuses a write made by a read, and writes nothing', async () => {
    const a = await createCompany(t);
    await assert.rejects(
      run(actor(a), null, 'read', (tenant) => tenant.db.insertInto('roles').values({ company_id: a.companyId, name: 'From a read' }).execute()),
      /read-only transaction/,
    );
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from roles where company_id = ${a.companyId} and name = 'From a read'`.execute(
      t.database.db,
    );
    assert.equal(rows[0]!.n, 0);
  });

  it('writes in one transaction: an error after a write leaves nothing written', async () => {
    const a = await createCompany(t);
    await assert.rejects(
      run(actor(a), null, 'write', async (tenant) => {
        await tenant.db.insertInto('roles').values({ company_id: a.companyId, name: 'Half done' }).execute();
        throw new Error('then it fails');
      }),
      /then it fails/,
    );
    const written = await run(actor(a), null, 'write', async (tenant) => {
      await tenant.db.insertInto('roles').values({ company_id: a.companyId, name: 'Done' }).execute();
      return tenant.db.selectFrom('roles').select('name').where('company_id', '=', a.companyId).where('name', 'in', ['Half done', 'Done']).execute();
    });
    assert.deepEqual(written, [{ name: 'Done' }]);
  });

  it('refuses a write into another company', async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    await assert.rejects(
      run(actor(a), null, 'write', (tenant) => tenant.db.insertInto('roles').values({ company_id: b.companyId, name: 'Intruder' }).execute()),
      /row-level security/,
    );
  });

  it('runs effects after the work succeeded, never after it failed', async () => {
    const a = await createCompany(t);
    const ran: string[] = [];
    for (const mode of ['read', 'write'] as const) {
      await run(actor(a), null, mode, async (tenant) => {
        tenant.afterCommit(() => {
          ran.push(`${mode} ok`);
        });
        return null;
      });
      await assert.rejects(
        run(actor(a), null, mode, async (tenant) => {
          tenant.afterCommit(() => {
            ran.push(`${mode} failed`);
          });
          throw new Error('no');
        }),
      );
    }
    assert.deepEqual(ran, ['read ok', 'write ok']);
  });
});

describe('the tenant pool (PostgreSQL)', { skip: !process.env.DATABASE_URL && 'PGlite has no tenant pool' }, () => {
  // One connection, so every checkout reuses it: what it was set to must never leak.
  let one: Database;
  let runOne: TenantRunner;
  before(async () => {
    one = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: 'memory://', poolSize: 1, log: { warn: () => {}, error: () => {} } });
    runOne = tenantRunner(one, NO_HOOKS);
  });
  after(() => one.close());

  it('sets a reused connection to each request company in turn', async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    for (const company of [a, b, a, a, b]) {
      const ids = await runOne(actor(company), null, 'read', (tenant) => tenant.db.selectFrom('companies').select('id').execute());
      assert.deepEqual(ids, [{ id: company.companyId }]);
    }
    // Concurrent requests of two companies queue for the one connection and still see their own.
    const seen = await Promise.all(
      [a, b, a, b].map((company) => runOne(actor(company), null, 'read', (tenant) => tenant.db.selectFrom('companies').select('id').execute())),
    );
    assert.deepEqual(
      seen,
      [a, b, a, b].map((c) => [{ id: c.companyId }]),
    );
  });

  it('keeps the unprivileged role even when a statement resets it', async () => {
    const a = await createCompany(t);
    const role = await runOne(actor(a), null, 'read', async (tenant) => {
      await sql`reset role`.execute(tenant.db);
      return (await sql<{ role: string }>`select current_user as role`.execute(tenant.db)).rows[0]!.role;
    });
    assert.equal(role, APP_ROLE);
  });

  it('refuses a checkout outside a request company', async () => {
    await assert.rejects(one.tenants!.db.selectFrom('companies').select('id').execute(), /outside inCompany/);
    // The connection went back to the pool: the next request gets it.
    const a = await createCompany(t);
    const ids = await runOne(actor(a), null, 'read', (tenant) => tenant.db.selectFrom('companies').select('id').execute());
    assert.deepEqual(ids, [{ id: a.companyId }]);
  });
});
