// The search indexes behave on both engines: trigram operators answer, the trigram GIN index serves
// a selective search, and a search through it finds what a plain scan finds, for the company only.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { forCompany } from '../../src/db/tenant.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createCompany } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

describe('trigram search', () => {
  it('answers the similarity operators', async () => {
    const { rows } = await sql<{ m: boolean; n: boolean; s: number }>`select 'acme rocket' % 'acme' as m, 'desert depot' % 'acme' as n, similarity('abc', 'abd') as s`.execute(t.database.db);
    assert.deepEqual(rows, [{ m: true, n: false, s: 0.33333334 }]);
  });

  it('finds through the trigram GIN index what a scan finds, and only in the company', async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    for (const company of [a, b]) {
      await sql`insert into customers (company_id, name, name_key)
        select ${company.companyId}, 'Cust ' || i || ' ' || md5(i::text), 'k' || i from generate_series(1, 600) i`.execute(t.database.db);
    }
    await sql`analyze customers`.execute(t.database.db);
    // Through the privileged connection (no row-security condition, itself indexable by the btree
    // indexes): the trigram index is then the planner's choice for a selective term.
    const plan = await t.database.db.transaction().execute(async (tx) => {
      await sql`set local enable_seqscan = off`.execute(tx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select count(*) from customers c
        where c.search_text like '%' || left(md5('7'), 10) || '%'`.execute(tx);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    assert.match(plan, /Bitmap Index Scan on customers_search_idx[^\n]*\n\s+Index Cond: \(search_text ~~ /);
    const count = (settings: string, term: string) => forCompany(t.database.db, { companyId: a.companyId, userId: a.adminUserId }, null, async (tenant) => {
      await sql.raw(settings).execute(tenant.db);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from customers c
        where c.company_id = ${a.companyId} and c.search_text like ${`%${term}%`}`.execute(tenant.db);
      return rows[0]!.n;
    });
    const viaIndex = 'set local enable_seqscan = off; set local enable_indexscan = off';
    const viaScan = 'set local enable_bitmapscan = off; set local enable_indexscan = off';
    const { rows } = await sql<{ term: string }>`select left(md5('7'), 10) as term`.execute(t.database.db);
    for (const [term, expected] of [['cust 1', 111], [rows[0]!.term, 1]] as const) {
      assert.equal(await count(viaIndex, term), expected, `${term}: of the company only`);
      assert.equal(await count(viaScan, term), expected, term);
    }
  });
});
