// The search indexes behave on both engines: trigram operators answer, and a search through the
// (company_id, text) GIN index finds what a plain scan finds, for the company only.
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

  it('finds through the company-led GIN index what a scan finds, and only in the company', async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    for (const company of [a, b]) {
      await sql`insert into customers (company_id, name, name_key)
        select ${company.companyId}, 'Cust ' || i || ' ' || md5(i::text), 'k' || i from generate_series(1, 600) i`.execute(t.database.db);
    }
    const count = (settings: string) => forCompany(t.database.db, { companyId: a.companyId, userId: a.adminUserId }, null, async (tenant) => {
      await sql.raw(settings).execute(tenant.db);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from customers where company_id = ${a.companyId} and search_text like '%ab%'`.execute(tenant.db);
      return rows[0]!.n;
    });
    const viaIndex = await count('set local enable_seqscan = off');
    const viaScan = await count('set local enable_bitmapscan = off; set local enable_indexscan = off');
    assert.ok(viaIndex > 0);
    assert.equal(viaIndex, viaScan);
  });
});
