// Kysely types of the tables of migration 0019, merged into the database type like the other areas'
// (idempotency_keys is the platform's, for the Idempotency-Key header of the payments step).
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Day, Timestamp, Updated } from '../../db/columns.js';

/** Approval status: 1 Draft, 2 Approved (the spec's numbers). */
export const INVOICE_STATUS = { Draft: 1, Approved: 2 } as const;
export type InvoiceApproval = (typeof INVOICE_STATUS)[keyof typeof INVOICE_STATUS];

/** What an invoice reads as (derived when read, never stored: invoice-state.ts). */
export const TRANSACTION_STATUSES = ['Draft', 'Approved', 'Open', 'Paid', 'Overdue', 'PartialPaid', 'Deleted'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const EXT_SYNC_STATES = ['NotSynced', 'Synced', 'ManuallyAdded', 'Failed'] as const;
export type ExtSyncState = (typeof EXT_SYNC_STATES)[number];

/** Payment method type: 0 Check, 1 Cash, 2 PaymentMethod (a saved card, charged at once). */
export const PAYMENT_METHOD_TYPE = { Check: 0, Cash: 1, PaymentMethod: 2 } as const;
export const PROCESSING_STATUSES = ['pending', 'settled', 'failed'] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

/** A generated column: read, never written. */
type ReadOnly<T> = ColumnType<T, never, never>;

export interface AccountingSettingsTable {
  company_id: number;
  invoice_prefix: Generated<string>;
  default_terms_days: Generated<number>;
  tax_name: Generated<string>;
  tax_rate: Generated<number>;
  updated_at: Updated;
}

export interface InvoicesTable {
  company_id: number;
  id: Generated<number>;
  invoice_number: string;
  number_key: ReadOnly<string>;
  customer_id: number;
  order_id: number | null;
  order_number: string | null;
  status: Generated<InvoiceApproval>;
  invoice_date: Day;
  due_date: Day;
  payment_terms_days: number;
  currency: string;
  subtotal: Generated<number>;
  taxable_subtotal: Generated<number>;
  tax_name: string | null;
  tax_rate: Generated<number>;
  tax_amount: Generated<number>;
  total: Generated<number>;
  amount_paid: Generated<number>;
  amount_pending: Generated<number>;
  balance: ReadOnly<number>;
  reference_number: string | null;
  memo: string | null;
  notes: string | null;
  sent_at: Timestamp | null;
  downloaded_at: Timestamp | null;
  ext_sync_state: Generated<ExtSyncState>;
  ext_ref: string | null;
  ext_synced_at: Timestamp | null;
  created_by: string | null;
  approved_at: Timestamp | null;
  approved_by: string | null;
  deleted_at: Timestamp | null;
  deleted_by: string | null;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface InvoiceLinesTable {
  company_id: number;
  id: Generated<number>;
  invoice_id: number;
  sequence: number;
  charge_type_id: number | null;
  code: string | null;
  description: string;
  quantity: Generated<number>;
  rate: number;
  amount: number;
  is_taxable: Generated<boolean>;
}

export interface CustomerPaymentMethodsTable {
  company_id: number;
  id: Generated<number>;
  customer_id: number;
  processor: 'sandbox' | 'stripe';
  processor_customer_ref: string | null;
  processor_method_ref: string;
  brand: string;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
  is_default: Generated<boolean>;
  deleted_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface DepositAccountsTable {
  company_id: number;
  id: Generated<number>;
  name: string;
  account_type: Generated<'Bank' | 'UndepositedFunds' | 'Cash' | 'Other'>;
  ledger_account: string | null;
  currency: string;
  opening_balance: Generated<number>;
  is_default: Generated<boolean>;
  deleted_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface PaymentsTable {
  company_id: number;
  id: Generated<number>;
  customer_id: number;
  amount: number;
  currency: string;
  payment_date: Day;
  method_type: 0 | 1 | 2;
  payment_method_id: number | null;
  reference_number: string | null;
  memo: string | null;
  deposit_account_id: number | null;
  unapplied_amount: Generated<number>;
  processing_status: Generated<ProcessingStatus>;
  processor: 'sandbox' | 'stripe' | null;
  processor_key: string | null;
  processor_payment_id: string | null;
  request_key: string | null;
  failure_code: string | null;
  failure_message: string | null;
  charge_started_at: Timestamp | null;
  settled_at: Timestamp | null;
  reconcile_after: Timestamp | null;
  reconcile_attempts: Generated<number>;
  ext_sync_state: Generated<ExtSyncState>;
  ext_ref: string | null;
  ext_synced_at: Timestamp | null;
  created_by: string | null;
  deleted_at: Timestamp | null;
  deleted_by: string | null;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface PaymentAllocationsTable {
  company_id: number;
  id: Generated<number>;
  payment_id: number;
  invoice_id: number;
  amount: number;
  created_at: CreatedAt;
}

export interface InvoiceActivityTable {
  company_id: number;
  id: Generated<number>;
  invoice_id: number;
  order_id: number | null;
  payment_id: number | null;
  type: string;
  description: string;
  user_id: string | null;
  note: string | null;
  note_by: string | null;
  note_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface LedgerBatchesTable {
  company_id: number;
  id: Generated<number>;
  kind: 'Export' | 'Send';
  format: 'IIF' | 'CSV' | 'File';
  adapter: string;
  file_name: string | null;
  stored_path: string | null;
  status: 'Done' | 'Partial' | 'Failed';
  /** The file as written (0021). */
  content: Buffer | null;
  content_type: string | null;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface LedgerBatchItemsTable {
  company_id: number;
  id: Generated<number>;
  batch_id: number;
  invoice_id: number | null;
  payment_id: number | null;
  outcome: 'Sent' | 'Failed' | 'Skipped';
  message: string | null;
  ext_ref: string | null;
}

export interface SandboxChargesTable {
  company_id: number;
  processor_key: string;
  charge_id: string;
  amount: number;
  currency: string;
  method_ref: string;
  outcome: 'succeeded' | 'declined';
  decline_code: string | null;
  created_at: CreatedAt;
}

/** Invoices counted by what their transaction status is derived from (migration 0022, figures.ts). */
export interface InvoiceFiguresTable {
  company_id: number;
  currency: string;
  deleted: boolean;
  status: number;
  /** 0 nothing paid, 1 partly paid, 2 nothing left to pay. */
  paid_state: number;
  sent: boolean;
  due_date: Day;
  n: number;
  total: number;
  balance: number;
}

/** Payments counted by currency, deletion mark, processing status and day (migration 0022). */
export interface PaymentFiguresTable {
  company_id: number;
  currency: string;
  deleted: boolean;
  processing_status: string;
  payment_date: Day;
  n: number;
  amount: number;
}

declare module '../../db/types.js' {
  interface DB {
    accounting_settings: AccountingSettingsTable;
    invoices: InvoicesTable;
    invoice_lines: InvoiceLinesTable;
    customer_payment_methods: CustomerPaymentMethodsTable;
    deposit_accounts: DepositAccountsTable;
    payments: PaymentsTable;
    payment_allocations: PaymentAllocationsTable;
    invoice_activity: InvoiceActivityTable;
    ledger_batches: LedgerBatchesTable;
    ledger_batch_items: LedgerBatchItemsTable;
    sandbox_charges: SandboxChargesTable;
    invoice_figures: InvoiceFiguresTable;
    payment_figures: PaymentFiguresTable;
  }
}
