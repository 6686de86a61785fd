// On Citus (CI runs the suite on a coordinator and two workers): every company table is distributed
// by company_id in one colocation group, every other table of the service is a reference table, and
// what a request runs goes to one shard. On PostgreSQL and PGlite the checks are skipped: nothing
// is distributed there, and the schema is the same.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { createCustomer, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const onCitus = () => t.database.distributed;

describe('on Citus', () => {
  it('distributes every company table by company_id, colocated, and makes the others reference tables', { skip: !process.env.DATABASE_URL }, async (ctx) => {
    if (!onCitus()) return ctx.skip('not a Citus coordinator');
    const { rows } = await sql<{
      table: string;
      company: boolean;
      method: string | null;
      column: string | null;
      colocation: number | null;
      replication: string | null;
    }>`
      select c.relname as table,
        exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped) as company,
        p.partmethod::text as method, column_to_column_name(p.logicalrelid, p.partkey) as column,
        p.colocationid as colocation, p.repmodel::text as replication
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      left join pg_dist_partition p on p.logicalrelid = c.oid
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        and c.relname not like 'kysely_migration%'
      order by c.relname`.execute(t.database.db);
    const company = rows.filter((r) => r.company);
    assert.ok(company.length >= 36, `found ${company.length} company tables`);
    for (const r of company) {
      assert.equal(r.method, 'h', `${r.table} is hash-distributed`);
      assert.equal(r.column, 'company_id', `${r.table} is distributed by company_id`);
    }
    assert.equal(new Set(company.map((r) => r.colocation)).size, 1, 'one colocation group');
    const global = rows.filter((r) => !r.company);
    assert.deepEqual(
      global.map((r) => r.table),
      ['companies', 'users'],
    );
    for (const r of global) assert.deepEqual([r.method, r.replication], ['n', 't'], `${r.table} is a reference table`);
  });

  it("runs a request's statements on one shard (the request pool refuses a multi-shard statement)", { skip: !process.env.DATABASE_URL }, async (ctx) => {
    if (!onCitus()) return ctx.skip('not a Citus coordinator');
    const s = await signIn(t);
    await createCustomer(t, s, { name: 'One Shard Freight' });
    // The request pool's connections carry citus.multi_task_query_log_level=error (database.ts):
    // a statement that would touch more than one shard fails the request instead of answering.
    for (const url of [
      '/Customers?SearchTerm=one%20shard',
      '/Customers',
      '/App/User',
      '/Settings/Users',
      '/Roles',
      '/Addresses/SearchByCompanyName?companyName=one%20shard',
    ]) {
      const answer = await call(t, 'GET', `/api/v1${url}`, { token: s.token });
      assert.equal(answer.status, 200, `${url}: ${JSON.stringify(answer.body).slice(0, 300)}`);
    }
    const refused = await t.database.tenants!.inCompany(s.companyId, (db) =>
      db.transaction().execute(async (trx) => {
        await sql`SET LOCAL app.company_id = ${sql.lit(String(s.companyId))}`.execute(trx);
        return sql`select count(*) from customers`.execute(trx).then(
          () => 'ran',
          (err: Error) => err.message,
        );
      }),
    );
    assert.match(refused, /multi-task query/i, 'a statement without the company filter is refused on the request pool');
  });
});
