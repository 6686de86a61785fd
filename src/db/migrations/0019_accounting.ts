// Accounting (part 2, "Accounting"): invoices and their lines, payments split across invoices, card
// charges that never double, deposit accounts, the invoice's activity, the external ledger's batches.
//  - invoices: numbered per company without gaps (company_counters 'invoice_number', as orders'
//    numbers); approval status 1 Draft, 2 Approved (an approved invoice's lines are frozen). The
//    transaction status (Draft, Approved, Open, Paid, Overdue, PartialPaid, Deleted) is derived when
//    read from approval, deleted_at, amount_paid, balance, due_date and sent_at — never stored, so
//    never stale. Money is numeric to the cent; amount_paid and amount_pending are kept by the
//    payment writes in their transaction, under the invoice's row lock.
//  - payments: check (0) and cash (1) are settled when recorded; a card payment (2) is written
//    'pending' before the processor is called and settled (or failed) after, so a crash leaves a
//    pending row the reconciler settles by asking the processor with the same processor_key.
//  - idempotency_keys: the first answer of a request with an Idempotency-Key, replayed for 24 h.
//  - customers gain their payment terms and tax exemption (the customers area owns and answers them).
import { type Kysely, sql } from 'kysely';
import { companyRowSecurity, distributeNewCompanyTables, sequentialOnCitus } from './kit.js';

const TENANT_TABLES = [
  'accounting_settings',
  'invoices',
  'invoice_lines',
  'customer_payment_methods',
  'deposit_accounts',
  'payments',
  'payment_allocations',
  'invoice_activity',
  'idempotency_keys',
  'ledger_batches',
  'ledger_batch_items',
  'sandbox_charges',
];

/** Added once the tables are (on a distributed Citus, distributed and) in place. */
const FOREIGN_KEYS = [
  ...TENANT_TABLES.map((table) => `${table} ADD FOREIGN KEY (company_id) REFERENCES companies (id)`),
  'invoices ADD FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id)',
  // An invoiced order is not purged while a live invoice names it (the accounting area refuses).
  'invoices ADD FOREIGN KEY (company_id, order_id) REFERENCES orders (company_id, id)',
  'invoice_lines ADD FOREIGN KEY (company_id, invoice_id) REFERENCES invoices (company_id, id) ON DELETE CASCADE',
  'customer_payment_methods ADD FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id)',
  'payments ADD FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id)',
  'payments ADD FOREIGN KEY (company_id, payment_method_id) REFERENCES customer_payment_methods (company_id, id)',
  'payments ADD FOREIGN KEY (company_id, deposit_account_id) REFERENCES deposit_accounts (company_id, id)',
  'payment_allocations ADD FOREIGN KEY (company_id, payment_id) REFERENCES payments (company_id, id) ON DELETE CASCADE',
  'payment_allocations ADD FOREIGN KEY (company_id, invoice_id) REFERENCES invoices (company_id, id)',
  'invoice_activity ADD FOREIGN KEY (company_id, invoice_id) REFERENCES invoices (company_id, id) ON DELETE CASCADE',
  'ledger_batch_items ADD FOREIGN KEY (company_id, batch_id) REFERENCES ledger_batches (company_id, id) ON DELETE CASCADE',
  'ledger_batch_items ADD FOREIGN KEY (company_id, invoice_id) REFERENCES invoices (company_id, id)',
  'ledger_batch_items ADD FOREIGN KEY (company_id, payment_id) REFERENCES payments (company_id, id) ON DELETE CASCADE',
];

const TABLES = `
    ALTER TABLE customers ADD COLUMN payment_terms_days smallint CHECK (payment_terms_days BETWEEN 0 AND 365);
    ALTER TABLE customers ADD COLUMN tax_exempt boolean NOT NULL DEFAULT false;

    -- The company's invoice defaults; no row: no prefix, 30 days, no tax.
    CREATE TABLE accounting_settings (
      company_id int NOT NULL,
      invoice_prefix text NOT NULL DEFAULT '' CHECK (invoice_prefix ~ '^[A-Za-z0-9/-]{0,10}$'),
      default_terms_days smallint NOT NULL DEFAULT 30 CHECK (default_terms_days BETWEEN 0 AND 365),
      tax_name text NOT NULL DEFAULT 'Sales tax' CHECK (btrim(tax_name) <> ''),
      tax_rate numeric(7,4) NOT NULL DEFAULT 0 CHECK (tax_rate >= 0 AND tax_rate < 100),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id)
    );

    CREATE TABLE invoices (
      company_id int NOT NULL,
      id int GENERATED ALWAYS AS IDENTITY,
      -- A new invoice holds a provisional number until it is numbered, last in its transaction.
      invoice_number text NOT NULL CHECK (btrim(invoice_number) <> ''),
      number_key text GENERATED ALWAYS AS (lower(invoice_number)) STORED,
      customer_id int NOT NULL,
      order_id int,
      -- The order's number as invoiced (kept when the order goes).
      order_number text,
      status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
      invoice_date date NOT NULL,
      due_date date NOT NULL,
      payment_terms_days smallint NOT NULL CHECK (payment_terms_days BETWEEN 0 AND 365),
      currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      subtotal numeric(14,2) NOT NULL DEFAULT 0,
      taxable_subtotal numeric(14,2) NOT NULL DEFAULT 0,
      tax_name text,
      tax_rate numeric(7,4) NOT NULL DEFAULT 0 CHECK (tax_rate >= 0 AND tax_rate < 100),
      tax_amount numeric(14,2) NOT NULL DEFAULT 0 CHECK (tax_amount >= 0),
      total numeric(14,2) NOT NULL DEFAULT 0 CHECK (total >= 0),
      -- Allocations of live payments: settled ones, and card charges still pending (reserved).
      amount_paid numeric(14,2) NOT NULL DEFAULT 0 CHECK (amount_paid >= 0),
      amount_pending numeric(14,2) NOT NULL DEFAULT 0 CHECK (amount_pending >= 0),
      balance numeric(14,2) GENERATED ALWAYS AS (total - amount_paid) STORED,
      -- The customer's PO or reference; the memo printed on the invoice; notes kept inside.
      reference_number text,
      memo text,
      notes text,
      -- First emailed, exported or sent to the ledger: an approved invoice reads Open from then on.
      sent_at timestamptz,
      downloaded_at timestamptz,
      ext_sync_state text NOT NULL DEFAULT 'NotSynced' CHECK (ext_sync_state IN ('NotSynced', 'Synced', 'ManuallyAdded', 'Failed')),
      ext_ref text,
      ext_synced_at timestamptz,
      created_by text,
      approved_at timestamptz,
      approved_by text,
      deleted_at timestamptz,
      deleted_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      CHECK (due_date >= invoice_date),
      -- The backstop against allocating more than the invoice asks.
      CHECK (amount_paid + amount_pending <= total),
      CHECK ((status = 2) = (approved_at IS NOT NULL)),
      -- Payments go on approved invoices only.
      CHECK (status = 2 OR (amount_paid = 0 AND amount_pending = 0))
    );
    -- Numbers unique per company in any case, deleted invoices' too (a delete is a mark).
    CREATE UNIQUE INDEX invoices_number_key_idx ON invoices (company_id, number_key);
    -- SearchTerm and InvoiceCheck: the number's prefix by the leakproof ~>=~ / ~<~ (as orders, 0016).
    CREATE INDEX invoices_number_pattern_idx ON invoices (company_id, number_key text_pattern_ops);
    -- The invoice lists, newest first.
    CREATE INDEX invoices_date_idx ON invoices (company_id, invoice_date DESC, id DESC);
    CREATE INDEX invoices_customer_idx ON invoices (company_id, customer_id, invoice_date DESC, id DESC);
    -- isFullyPaid=false and the unpaid statuses.
    CREATE INDEX invoices_unpaid_idx ON invoices (company_id, invoice_date DESC, id DESC) WHERE deleted_at IS NULL AND (status = 1 OR balance > 0);
    -- InvoiceStats, Overdue, customer balances: approved invoices with money due.
    CREATE INDEX invoices_due_idx ON invoices (company_id, due_date) INCLUDE (customer_id, currency, balance, amount_paid, total)
      WHERE deleted_at IS NULL AND status = 2 AND balance > 0;
    CREATE INDEX invoices_order_idx ON invoices (company_id, order_id) WHERE order_id IS NOT NULL;
    -- An order has one live invoice (DELETE /Orders/{id}/invoice names it).
    CREATE UNIQUE INDEX invoices_live_order_idx ON invoices (company_id, order_id) WHERE order_id IS NOT NULL AND deleted_at IS NULL;

    CREATE TABLE invoice_lines (
      company_id int NOT NULL,
      id int GENERATED ALWAYS AS IDENTITY,
      invoice_id int NOT NULL,
      sequence smallint NOT NULL,
      -- A company charge type or a customer's (one id sequence, 0006): no key; code and words as invoiced.
      charge_type_id int,
      code text,
      description text NOT NULL CHECK (btrim(description) <> ''),
      quantity numeric(12,3) NOT NULL DEFAULT 1 CHECK (quantity > 0),
      -- Negative for a discount line.
      rate numeric(14,4) NOT NULL,
      -- quantity × rate, rounded half up to the cent.
      amount numeric(14,2) NOT NULL,
      is_taxable boolean NOT NULL DEFAULT false,
      PRIMARY KEY (company_id, id),
      UNIQUE (company_id, invoice_id, sequence)
    );

    -- Saved cards: references to the processor's payment methods, never card numbers.
    CREATE TABLE customer_payment_methods (
      company_id int NOT NULL,
      id int GENERATED ALWAYS AS IDENTITY,
      customer_id int NOT NULL,
      processor text NOT NULL CHECK (processor IN ('sandbox', 'stripe')),
      processor_customer_ref text,
      processor_method_ref text NOT NULL,
      brand text NOT NULL,
      last4 char(4) NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
      exp_month smallint CHECK (exp_month BETWEEN 1 AND 12),
      exp_year smallint,
      is_default boolean NOT NULL DEFAULT false,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id)
    );
    CREATE UNIQUE INDEX customer_payment_methods_ref_idx ON customer_payment_methods (company_id, processor, processor_method_ref);
    CREATE INDEX customer_payment_methods_customer_idx ON customer_payment_methods (company_id, customer_id, id);
    CREATE UNIQUE INDEX customer_payment_methods_default_idx ON customer_payment_methods (company_id, customer_id) WHERE is_default AND deleted_at IS NULL;

    CREATE TABLE deposit_accounts (
      company_id int NOT NULL,
      id int GENERATED ALWAYS AS IDENTITY,
      name text NOT NULL CHECK (btrim(name) <> ''),
      account_type text NOT NULL DEFAULT 'Bank' CHECK (account_type IN ('Bank', 'UndepositedFunds', 'Cash', 'Other')),
      -- Its name in the external ledger (an IIF ACCNT).
      ledger_account text,
      currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      opening_balance numeric(14,2) NOT NULL DEFAULT 0,
      is_default boolean NOT NULL DEFAULT false,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id)
    );
    CREATE UNIQUE INDEX deposit_accounts_name_idx ON deposit_accounts (company_id, lower(name)) WHERE deleted_at IS NULL;
    CREATE UNIQUE INDEX deposit_accounts_default_idx ON deposit_accounts (company_id) WHERE is_default AND deleted_at IS NULL;

    CREATE TABLE payments (
      company_id int NOT NULL,
      id int GENERATED ALWAYS AS IDENTITY,
      customer_id int NOT NULL,
      amount numeric(14,2) NOT NULL CHECK (amount > 0),
      currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      payment_date date NOT NULL,
      -- 0 Check, 1 Cash, 2 PaymentMethod (a saved card, charged at once).
      method_type smallint NOT NULL CHECK (method_type IN (0, 1, 2)),
      payment_method_id int,
      reference_number text,
      memo text,
      deposit_account_id int,
      unapplied_amount numeric(14,2) NOT NULL DEFAULT 0 CHECK (unapplied_amount >= 0 AND unapplied_amount <= amount),
      processing_status text NOT NULL DEFAULT 'settled' CHECK (processing_status IN ('pending', 'settled', 'failed')),
      processor text CHECK (processor IN ('sandbox', 'stripe')),
      -- The idempotency key the processor is sent: a retry finds the charge made.
      processor_key text,
      processor_payment_id text,
      -- The client's Idempotency-Key, if it sent one.
      request_key text,
      failure_code text,
      failure_message text,
      charge_started_at timestamptz,
      settled_at timestamptz,
      -- Pending only: when the reconciler may ask the processor.
      reconcile_after timestamptz,
      reconcile_attempts smallint NOT NULL DEFAULT 0,
      ext_sync_state text NOT NULL DEFAULT 'NotSynced' CHECK (ext_sync_state IN ('NotSynced', 'Synced', 'ManuallyAdded', 'Failed')),
      ext_ref text,
      ext_synced_at timestamptz,
      created_by text,
      deleted_at timestamptz,
      deleted_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      CHECK ((method_type = 2) = (payment_method_id IS NOT NULL)),
      CHECK ((method_type = 2) = (processor_key IS NOT NULL)),
      CHECK (method_type = 2 OR processing_status = 'settled'),
      CHECK ((processing_status = 'pending') = (reconcile_after IS NOT NULL))
    );
    CREATE INDEX payments_date_idx ON payments (company_id, payment_date DESC, id DESC);
    CREATE INDEX payments_customer_idx ON payments (company_id, customer_id, payment_date DESC, id DESC);
    CREATE UNIQUE INDEX payments_processor_key_idx ON payments (company_id, processor_key) WHERE processor_key IS NOT NULL;
    -- The reconciler's work: pending card charges, oldest due first, across companies.
    CREATE INDEX payments_pending_idx ON payments (reconcile_after, company_id) WHERE processing_status = 'pending';
    CREATE INDEX payments_method_idx ON payments (company_id, payment_method_id) WHERE payment_method_id IS NOT NULL;
    CREATE INDEX payments_deposit_idx ON payments (company_id, deposit_account_id) INCLUDE (amount, processing_status, deleted_at);

    CREATE TABLE payment_allocations (
      company_id int NOT NULL,
      id int GENERATED ALWAYS AS IDENTITY,
      payment_id int NOT NULL,
      invoice_id int NOT NULL,
      amount numeric(14,2) NOT NULL CHECK (amount > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      UNIQUE (company_id, payment_id, invoice_id)
    );
    CREATE INDEX payment_allocations_invoice_idx ON payment_allocations (company_id, invoice_id);

    -- GET /Accounting/AuditLog: what happened to an invoice, in words, with notes (audit_log keeps
    -- the before and after). The order and payment named are history: no keys.
    CREATE TABLE invoice_activity (
      company_id int NOT NULL,
      id int GENERATED ALWAYS AS IDENTITY,
      invoice_id int NOT NULL,
      order_id int,
      payment_id int,
      type text NOT NULL,
      description text NOT NULL,
      user_id text,
      note text,
      note_by text,
      note_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id)
    );
    CREATE INDEX invoice_activity_invoice_idx ON invoice_activity (company_id, invoice_id, created_at DESC, id DESC);
    CREATE INDEX invoice_activity_order_idx ON invoice_activity (company_id, order_id, created_at DESC, id DESC) WHERE order_id IS NOT NULL;

    -- A request's Idempotency-Key (platform), a user's own: its first answer, replayed byte for byte for 24 h.
    CREATE TABLE idempotency_keys (
      company_id int NOT NULL,
      key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
      user_id text NOT NULL,
      route text NOT NULL,
      -- sha256 of the method, path, query and body: the same key with another request is refused.
      request_hash text NOT NULL,
      state text NOT NULL DEFAULT 'InFlight' CHECK (state IN ('InFlight', 'Done')),
      locked_until timestamptz,
      response_status smallint,
      response_type text,
      response_body bytea,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL DEFAULT now() + interval '24 hours',
      PRIMARY KEY (company_id, user_id, key),
      CHECK ((state = 'Done') = (response_status IS NOT NULL)),
      CHECK (state = 'Done' OR locked_until IS NOT NULL)
    );
    CREATE INDEX idempotency_keys_expiry_idx ON idempotency_keys (expires_at);

    -- The external ledger: each export file or send, and what became of each invoice and payment in it.
    CREATE TABLE ledger_batches (
      company_id int NOT NULL,
      id int GENERATED ALWAYS AS IDENTITY,
      kind text NOT NULL CHECK (kind IN ('Export', 'Send')),
      format text NOT NULL CHECK (format IN ('IIF', 'CSV', 'File')),
      adapter text NOT NULL,
      file_name text,
      stored_path text,
      status text NOT NULL CHECK (status IN ('Done', 'Partial', 'Failed')),
      created_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id)
    );
    CREATE TABLE ledger_batch_items (
      company_id int NOT NULL,
      id int GENERATED ALWAYS AS IDENTITY,
      batch_id int NOT NULL,
      invoice_id int,
      payment_id int,
      outcome text NOT NULL CHECK (outcome IN ('Sent', 'Failed', 'Skipped')),
      message text,
      ext_ref text,
      PRIMARY KEY (company_id, id),
      CHECK ((invoice_id IS NULL) <> (payment_id IS NULL))
    );
    CREATE INDEX ledger_batch_items_batch_idx ON ledger_batch_items (company_id, batch_id);
    CREATE INDEX ledger_batch_items_invoice_idx ON ledger_batch_items (company_id, invoice_id) WHERE invoice_id IS NOT NULL;
    CREATE INDEX ledger_batch_items_payment_idx ON ledger_batch_items (company_id, payment_id) WHERE payment_id IS NOT NULL;

    -- The sandbox processor's own book: it outlives a crashed request, for the reconciler to ask.
    CREATE TABLE sandbox_charges (
      company_id int NOT NULL,
      processor_key text NOT NULL,
      charge_id text NOT NULL,
      amount numeric(14,2) NOT NULL,
      currency char(3) NOT NULL,
      method_ref text NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('succeeded', 'declined')),
      decline_code text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, processor_key)
    );
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sequentialOnCitus(db);
  // One statement at a time (Citus refuses a string of several where it passes them on).
  for (const statement of TABLES.split(/;\s*\n/)) if (statement.trim()) await sql.raw(statement).execute(db);
  await companyRowSecurity(db, TENANT_TABLES);
  await distributeNewCompanyTables(db, TENANT_TABLES);
  for (const key of FOREIGN_KEYS) await sql.raw(`ALTER TABLE ${key};`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`DROP TABLE ${[...TENANT_TABLES].reverse().join(', ')};`).execute(db);
  await sql.raw('ALTER TABLE customers DROP COLUMN tax_exempt, DROP COLUMN payment_terms_days;').execute(db);
}
