// The books' running figures, kept by accounting's writes in their transactions (written last,
// before COMMIT), so InvoiceStats, the invoices' list count and the search's count read a few
// hundred rows instead of every invoice and payment of the company (200,000 invoices: 400 ms of
// PostgreSQL a request for InvoiceStats, 100 ms for the list's count):
//  - invoice_figures: invoices by what their transaction status is derived from — currency, the
//    deletion mark, approval, paid state (0 nothing paid, 1 partly, 2 nothing left), sent, and the
//    due date while money is due ('-infinity' for the others: paid, drafts, deleted ones, which no
//    day changes) — with their count, total and balance. Today's status of a key is derived when read
//    (Overdue depends on the day), so nothing stored goes stale.
//  - payment_figures: payments by currency, deletion mark, processing status and payment date,
//    with their count and amount.
// Filled here from the rows as they are (stop the previous version's processes first, as the
// README's upgrade note says: they would not keep the figures).
import { type Kysely, sql } from 'kysely';
import { companyRowSecurity, distributeNewCompanyTables, sequentialOnCitus } from './kit.js';

const TABLES = [
  `CREATE TABLE invoice_figures (
    company_id int NOT NULL,
    currency text NOT NULL,
    deleted boolean NOT NULL,
    status smallint NOT NULL,
    paid_state smallint NOT NULL CHECK (paid_state IN (0, 1, 2)),
    sent boolean NOT NULL,
    due_date date NOT NULL,
    -- No CHECK (n >= 0): a write moves a figure by an upsert whose proposed row carries the change
    -- (-1), and PostgreSQL checks the proposed row before it finds the conflict.
    n bigint NOT NULL,
    total numeric(16, 2) NOT NULL,
    balance numeric(16, 2) NOT NULL,
    PRIMARY KEY (company_id, currency, deleted, status, paid_state, sent, due_date)
  )`,
  `CREATE TABLE payment_figures (
    company_id int NOT NULL,
    currency text NOT NULL,
    deleted boolean NOT NULL,
    processing_status text NOT NULL,
    payment_date date NOT NULL,
    n bigint NOT NULL,
    amount numeric(16, 2) NOT NULL,
    PRIMARY KEY (company_id, currency, deleted, processing_status, payment_date)
  )`,
];

const FILL = [
  `INSERT INTO invoice_figures (company_id, currency, deleted, status, paid_state, sent, due_date, n, total, balance)
    SELECT company_id, currency, deleted_at IS NOT NULL, status,
      CASE WHEN balance <= 0 THEN 2 WHEN amount_paid > 0 THEN 1 ELSE 0 END, sent_at IS NOT NULL,
      CASE WHEN deleted_at IS NULL AND status = 2 AND balance > 0 THEN due_date ELSE '-infinity' END,
      count(*), sum(total), sum(balance)
    FROM invoices GROUP BY 1, 2, 3, 4, 5, 6, 7`,
  `INSERT INTO payment_figures (company_id, currency, deleted, processing_status, payment_date, n, amount)
    SELECT company_id, currency, deleted_at IS NOT NULL, processing_status, payment_date, count(*), sum(amount)
    FROM payments GROUP BY 1, 2, 3, 4, 5`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sequentialOnCitus(db);
  for (const statement of TABLES) await sql.raw(statement).execute(db);
  await companyRowSecurity(db, ['invoice_figures', 'payment_figures']);
  await distributeNewCompanyTables(db, ['invoice_figures', 'payment_figures']);
  // On a distributed Citus, keys once the tables are distributed (0019 says why).
  for (const table of ['invoice_figures', 'payment_figures'])
    await sql.raw(`ALTER TABLE ${table} ADD FOREIGN KEY (company_id) REFERENCES companies (id)`).execute(db);
  for (const statement of FILL) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE payment_figures').execute(db);
  await sql.raw('DROP TABLE invoice_figures').execute(db);
}
