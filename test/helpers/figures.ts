// The books' running figures (src/areas/accounting/figures.ts) against the rows they count: the
// figures as kept (keys with nothing left dropped) and a GROUP BY of the invoices and payments.
import assert from 'node:assert/strict';
import { type RawBuilder, sql } from 'kysely';
import type { TestApp } from './app.js';

export async function expectFiguresAgree(t: TestApp, companyId: number, step: string): Promise<void> {
  const kept = async (q: RawBuilder<unknown>) => (await q.execute(t.database.db)).rows.map((r) => JSON.stringify(r)).sort();
  const [invoices, invoicesFromRows, payments, paymentsFromRows] = await Promise.all([
    kept(sql`select currency, deleted, status, paid_state, sent, due_date::text as due, n::int as n, total::text as total, balance::text as balance
      from invoice_figures where company_id = ${companyId} and (n <> 0 or total <> 0 or balance <> 0)`),
    kept(sql`select currency, deleted_at is not null as deleted, status,
        (case when balance <= 0 then 2 when amount_paid > 0 then 1 else 0 end)::smallint as paid_state, sent_at is not null as sent,
        (case when deleted_at is null and status = 2 and balance > 0 then due_date else '-infinity' end)::text as due,
        count(*)::int as n, sum(total)::numeric(16,2)::text as total, sum(balance)::numeric(16,2)::text as balance
      from invoices where company_id = ${companyId} group by 1, 2, 3, 4, 5, 6`),
    kept(sql`select currency, deleted, processing_status, payment_date::text as day, n::int as n, amount::text as amount
      from payment_figures where company_id = ${companyId} and (n <> 0 or amount <> 0)`),
    kept(sql`select currency, deleted_at is not null as deleted, processing_status, payment_date::text as day,
        count(*)::int as n, sum(amount)::numeric(16,2)::text as amount
      from payments where company_id = ${companyId} group by 1, 2, 3, 4`),
  ]);
  assert.deepEqual(invoices, invoicesFromRows, `invoice figures after ${step}`);
  assert.deepEqual(payments, paymentsFromRows, `payment figures after ${step}`);
}
