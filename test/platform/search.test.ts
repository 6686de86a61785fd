// The search indexes behave on both engines: trigram operators answer (address resemblance), the
// company-keyed search index serves a containment search, and a search through it finds exactly
// what a plain scan finds, for the company only (migration 0012).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { searchText } from '../../src/areas/customers/customer-upkeep.js';
import { HOOKS } from '../../src/areas/index.js';
import { forCompany } from '../../src/db/tenant.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createCompany, type TestCompany } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

/** 600 customers of the company: hex names, emails with punctuation, a few short words. */
async function seed(company: TestCompany) {
  // Values, not INSERT ... SELECT of generated rows: Citus copies those, and COPY is refused under row security.
  const rows = Array.from({ length: 600 }, (_, n) => {
    const i = n + 1;
    return {
      company_id: company.companyId,
      name: `Cust ${i} ${createHash('md5').update(String(i)).digest('hex')}`,
      name_key: `k${i}`,
      email: `orders${i}.x@ship-it.example`,
      phone: `+1 512 555 ${String(i).padStart(4, '0')}`,
    };
  });
  await t.database.db.insertInto('customers').values(rows).execute();
  // Their search text, as the customers area writes it.
  await sql`update customers c set search_text = ${searchText(company.companyId)} where c.company_id = ${company.companyId}`.execute(t.database.db);
  await sql`analyze customers`.execute(t.database.db);
}

const keysOf = async (companyId: number, text: string) =>
  (await sql<{ k: number[] }>`select fds_search_keys(${companyId}, ${text}) as k`.execute(t.database.db)).rows[0]!.k;

describe('search indexes', () => {
  it('answers the similarity operators (address resemblance)', async () => {
    const { rows } = await sql<{
      m: boolean;
      n: boolean;
      s: number;
    }>`select 'acme rocket' % 'acme' as m, 'desert depot' % 'acme' as n, similarity('abc', 'abd') as s`.execute(t.database.db);
    assert.deepEqual(rows, [{ m: true, n: false, s: 0.33333334 }]);
  });

  it("keys a text by company: a contained term's keys are among the text's, another company's are not", async () => {
    const text = 'lone star steel supply orders1.2@shipper.example';
    const [own, term, other, short] = await Promise.all([keysOf(7, text), keysOf(7, 'star steel'), keysOf(8, 'star steel'), keysOf(7, 'st')]);
    assert.equal(short.length, 0, 'no key below 3 characters');
    assert.equal(new Set(term).size, term.length, 'distinct');
    assert.equal(term.length, 8, '"star steel" has 8 distinct 3-character substrings');
    assert.ok(
      term.every((k) => own.includes(k)),
      "contained term: every key in the text's",
    );
    assert.ok(
      other.some((k) => !own.includes(k)),
      'the same term in another company has other keys',
    );
  });

  it('keys a long text as the substring definition does (migration 0027 splits it into characters once)', async () => {
    const texts = [
      '',
      'ab',
      'abc',
      'aaaa',
      'ñ東京x',
      'Ünïcødé 🚚 truck',
      'line\nbreak\ttab',
      'x'.repeat(160),
      'y'.repeat(161),
      'Bill of lading ñ 東京 🚚 PO-77123 '.repeat(70), // over 2,000 characters, multibyte
    ];
    for (const text of texts) {
      // The definition: every 3-character substring, by position.
      const { rows } = await sql<{ k: number[]; d: number[] }>`select fds_search_keys(7, ${text}) as k,
        (select coalesce(array_agg(distinct (hashtextextended(substr(${text}, i, 3), 7) >> 32)::int), '{}')
          from generate_series(1, length(${text}) - 2) as i) as d`.execute(t.database.db);
      assert.deepEqual(rows[0]!.k, rows[0]!.d, `${text.length} characters`);
    }
  });

  it('serves a selective search through the company-keyed index', async () => {
    const a = await createCompany(t);
    await seed(a);
    // Through the privileged connection (no row-security condition): the planner's choice.
    const plan = await t.database.db.transaction().execute(async (tx) => {
      await sql`set local enable_seqscan = off`.execute(tx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select count(*) from customers c
        where fds_search_keys(c.company_id, c.search_text) @> fds_search_keys(${a.companyId}, left(md5('7'), 10))`.execute(tx);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    assert.match(plan, /Bitmap Index Scan on customers_search_keys_idx/);
  });

  it('finds through fds_customer_matches exactly what a scan finds, and only in the company', async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    await seed(a);
    await seed(b);
    const { rows } = await sql<{ term: string }>`select left(md5('7'), 10) as term`.execute(t.database.db);
    const terms = [
      'cust 1', // 111 names
      rows[0]!.term, // one
      's7.x@ship', // across punctuation
      '555 0042', // a phone fragment across a space
      '7', // shorter than a key: read without the index
      'zz', // nothing
      'cust 1 ', // a trailing space is part of the term
    ];
    const actor = { companyId: a.companyId, userId: a.adminUserId };
    for (const term of terms) {
      for (const nameOnly of [false, true]) {
        const [found, scanned] = await forCompany(t.database.db, HOOKS, actor, null, async (tenant) => {
          const found = await sql<{ id: number }>`select m.id from fds_customer_matches(${a.companyId}, ${term}, ${nameOnly}) m order by m.id`.execute(
            tenant.db,
          );
          const scanned = await sql<{ id: number }>`select id from customers
            where company_id = ${a.companyId} and strpos(${sql.raw(nameOnly ? 'lower(name)' : 'search_text')}, ${term}) > 0 order by id`.execute(tenant.db);
          return [found.rows.map((r) => r.id), scanned.rows.map((r) => r.id)];
        });
        assert.deepEqual(found, scanned, `"${term}", name only: ${nameOnly}`);
        if (term === 'cust 1' && nameOnly) assert.equal(found.length, 111);
      }
    }
    const asB = await forCompany(t.database.db, HOOKS, actor, null, (tenant) =>
      sql<{ id: number }>`select m.id from fds_customer_matches(${b.companyId}, 'cust 1', false) m`.execute(tenant.db),
    );
    assert.equal(asB.rows.length, 0, 'asked for company b inside company a');
  });
});
