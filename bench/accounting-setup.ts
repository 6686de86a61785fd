// The company of the accounting benchmark: "Bench Accounting" — 500 customers, 200,000 invoices
// over the last two years (two lines each; 5 % drafts; USD, a few in CAD), 300,000 payments: one
// per approved invoice paying it whole (60 %) or half (20 %), the rest unapplied checks and cash.
// The invoices' paid sums agree with the allocations, as the service keeps them. Made in SQL on
// PostgreSQL, once per database, found again by name on later runs.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { addMember } from '../src/areas/users/index.js';
import type { Db } from '../src/db/database.js';
import { isCitus } from '../src/db/distribute.js';
import { seedCustomers } from './customers-data.js';
import { benchCompany } from './seed-kit.js';

const NAME = 'Bench Accounting';
const CUSTOMERS = 500;
const INVOICES = 200_000;
const PAYMENTS = 300_000;

export interface AccountingCompany {
  email: string;
  password: string;
  summary: string;
  customerId: number;
}

export async function accountingCompany(db: Db): Promise<AccountingCompany> {
  if (await isCitus(db)) throw new Error('the accounting benchmark seeds a single PostgreSQL (DATABASE_URL), not Citus');
  let id = (
    await sql<{
      id: number;
    }>`SELECT c.id FROM companies c WHERE c.name = ${NAME} AND EXISTS (SELECT 1 FROM payments p WHERE p.company_id = c.id) ORDER BY c.id LIMIT 1`.execute(db)
  ).rows[0]?.id;
  if (id === undefined) {
    const started = performance.now();
    id = await benchCompany(db, NAME);
    await seedCustomers(db, id, CUSTOMERS, 31);
    await seed(db, id);
    await fillFigures(db, id);
    for (const table of ['invoices', 'invoice_lines', 'payments', 'payment_allocations']) await sql`VACUUM ANALYZE ${sql.id(table)}`.execute(db);
    process.stderr.write(`seeded ${NAME}: ${INVOICES} invoices, ${PAYMENTS} payments in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  }
  const email = `bench-${randomUUID().slice(0, 8)}@bench.example`;
  await addMember(db, { companyId: id, email, password: 'bench-password', role: 'Accountant', name: 'Bench Accountant' });
  const customer = (
    await sql<{ customer_id: number }>`SELECT customer_id FROM invoices WHERE company_id = ${id} GROUP BY customer_id ORDER BY count(*) DESC LIMIT 1`.execute(
      db,
    )
  ).rows[0]!;
  return {
    email,
    password: 'bench-password',
    summary: `${INVOICES.toLocaleString('en')} invoices, ${PAYMENTS.toLocaleString('en')} payments`,
    customerId: customer.customer_id,
  };
}

async function seed(db: Db, companyId: number): Promise<void> {
  const hash = (expr: ReturnType<typeof sql>, salt: number) => sql`abs(hashint8((${expr})::bigint * 7919 + ${salt}))`;
  const g = sql`g`;
  await db.transaction().execute(async (tx) => {
    await sql`CREATE TEMP TABLE bench_customers ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY id) AS k, id FROM customers WHERE company_id = ${companyId}`.execute(tx);
    // Invoice g: customer, date within two years, 30 days' terms, linehaul + fuel (in cents, exact).
    await sql`INSERT INTO invoices (company_id, invoice_number, customer_id, status, invoice_date, due_date, payment_terms_days, currency,
        subtotal, taxable_subtotal, tax_rate, tax_amount, total, approved_at, sent_at, created_by)
      SELECT ${companyId}, (1000 + g)::text, c.id, CASE WHEN g % 20 = 0 THEN 1 ELSE 2 END, d.day, d.day + 30, 30,
        CASE WHEN g % 25 = 0 THEN 'CAD' ELSE 'USD' END, v.amount, 0, 0, 0, v.amount,
        CASE WHEN g % 20 = 0 THEN NULL ELSE d.day::timestamptz END, CASE WHEN g % 3 = 0 THEN d.day::timestamptz END, 'bench'
      FROM generate_series(1, ${INVOICES}) g
      JOIN bench_customers c ON c.k = 1 + ${hash(g, 1)} % ${CUSTOMERS}
      CROSS JOIN LATERAL (SELECT (current_date - 730 + (g * 730 / ${INVOICES}))::date AS day) d
      CROSS JOIN LATERAL (SELECT (40000 + ${hash(g, 2)} % 160000) / 100.0 AS amount) v`.execute(tx);
    await sql`INSERT INTO invoice_lines (company_id, invoice_id, sequence, description, quantity, rate, amount, is_taxable, code)
      SELECT i.company_id, i.id, s.k, CASE WHEN s.k = 1 THEN 'Linehaul' ELSE 'Fuel surcharge' END, 1,
        CASE WHEN s.k = 1 THEN i.total - round(i.total * 0.12, 2) ELSE round(i.total * 0.12, 2) END,
        CASE WHEN s.k = 1 THEN i.total - round(i.total * 0.12, 2) ELSE round(i.total * 0.12, 2) END, false,
        CASE WHEN s.k = 1 THEN 'LINEHAUL' ELSE 'FUEL' END
      FROM invoices i CROSS JOIN generate_series(1, 2) s (k) WHERE i.company_id = ${companyId}`.execute(tx);
    await sql`INSERT INTO company_counters (company_id, name, value) VALUES (${companyId}, 'invoice_number', ${INVOICES})
      ON CONFLICT (company_id, name) DO UPDATE SET value = excluded.value`.execute(tx);
    // Payment g ≤ 200,000 pays invoice g (approved ones): whole when g % 10 < 6, half when 6 or 7;
    // the others, and g > 200,000, are unapplied checks and cash.
    await sql`CREATE TEMP TABLE bench_pay ON COMMIT DROP AS
      SELECT g, i.id AS invoice_id, i.customer_id, i.currency, i.invoice_date,
        CASE WHEN i.status = 2 AND g % 10 < 6 THEN i.total WHEN i.status = 2 AND g % 10 IN (6, 7) THEN round(i.total / 2, 2) END AS applied,
        i.total
      FROM generate_series(1, ${INVOICES}) g JOIN invoices i ON i.company_id = ${companyId} AND i.invoice_number = (1000 + g)::text`.execute(tx);
    await sql`INSERT INTO payments (company_id, customer_id, amount, currency, payment_date, method_type, reference_number, unapplied_amount, settled_at, created_by)
      SELECT ${companyId}, p.customer_id, coalesce(p.applied, p.total), p.currency, p.invoice_date + 20, (p.g % 2)::smallint,
        CASE WHEN p.g % 2 = 0 THEN 'CHK-' ELSE 'RCPT-' END || p.g, CASE WHEN p.applied IS NULL THEN p.total ELSE 0 END, p.invoice_date::timestamptz, 'bench'
      FROM bench_pay p ORDER BY p.g`.execute(tx);
    await sql`INSERT INTO payments (company_id, customer_id, amount, currency, payment_date, method_type, reference_number, unapplied_amount, settled_at, created_by)
      SELECT ${companyId}, c.id, (1000 + ${hash(g, 3)} % 50000) / 100.0, 'USD', current_date - (g % 730)::int, (g % 2)::smallint,
        CASE WHEN g % 2 = 0 THEN 'CHK-X' || g END, (1000 + ${hash(g, 3)} % 50000) / 100.0, now(), 'bench'
      FROM generate_series(1, ${PAYMENTS - INVOICES}) g JOIN bench_customers c ON c.k = 1 + ${hash(g, 4)} % ${CUSTOMERS}`.execute(tx);
    await sql`INSERT INTO payment_allocations (company_id, payment_id, invoice_id, amount)
      SELECT ${companyId}, py.id, p.invoice_id, p.applied
      FROM bench_pay p JOIN payments py ON py.company_id = ${companyId} AND py.reference_number = CASE WHEN p.g % 2 = 0 THEN 'CHK-' ELSE 'RCPT-' END || p.g
      WHERE p.applied IS NOT NULL`.execute(tx);
    await sql`UPDATE invoices i SET amount_paid = a.paid FROM (SELECT invoice_id, sum(amount) AS paid FROM payment_allocations WHERE company_id = ${companyId} GROUP BY invoice_id) a
      WHERE i.company_id = ${companyId} AND i.id = a.invoice_id`.execute(tx);
  });
}

/** The running figures of the rows seeded in SQL (the service keeps them as it writes: figures.ts;
 *  migration 0022 fills them the same way). */
async function fillFigures(db: Db, companyId: number): Promise<void> {
  await sql`INSERT INTO invoice_figures (company_id, currency, deleted, status, paid_state, sent, due_date, n, total, balance)
    SELECT company_id, currency, deleted_at IS NOT NULL, status,
      CASE WHEN balance <= 0 THEN 2 WHEN amount_paid > 0 THEN 1 ELSE 0 END, sent_at IS NOT NULL,
      CASE WHEN deleted_at IS NULL AND status = 2 AND balance > 0 THEN due_date ELSE '-infinity' END,
      count(*), sum(total), sum(balance)
    FROM invoices WHERE company_id = ${companyId} GROUP BY 1, 2, 3, 4, 5, 6, 7`.execute(db);
  await sql`INSERT INTO payment_figures (company_id, currency, deleted, processing_status, payment_date, n, amount)
    SELECT company_id, currency, deleted_at IS NOT NULL, processing_status, payment_date, count(*), sum(amount)
    FROM payments WHERE company_id = ${companyId} GROUP BY 1, 2, 3, 4, 5`.execute(db);
}
