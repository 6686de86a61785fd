// SQL of invoices and their lines, through the company door. Numbers come from the company's
// counter 'invoice_number' (platform/counters.ts): raised last in the transaction that makes the
// invoice, its row locked until commit, so numbers follow each other without gaps or duplicates
// however many invoices are made at once; a number typed by hand is checked under the same lock.
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { holdCounterQuery, nextValueQuery } from '../../platform/counters.js';
import { companyRecords } from '../../platform/records.js';
import type { AccountingSettingsTable, InvoiceLinesTable, InvoicesTable } from './accounting.tables.js';
import { figuringInvoices, invoicesChanged } from './figures.js';

const NUMBER_COUNTER = 'invoice_number';

export type InvoiceRow = Omit<Selectable<InvoicesTable>, 'company_id' | 'number_key'> & { customer_name: string };
export type LineRow = Omit<Selectable<InvoiceLinesTable>, 'company_id'>;

const invoices = (t: Tenant) =>
  t.select('invoices as i').innerJoin('customers as c', (j) => j.onRef('c.company_id', '=', 'i.company_id').onRef('c.id', '=', 'i.customer_id'));

export const INVOICE_COLUMNS = [
  'i.id',
  'i.invoice_number',
  'i.customer_id',
  'c.name as customer_name',
  'i.order_id',
  'i.order_number',
  'i.status',
  'i.invoice_date',
  'i.due_date',
  'i.payment_terms_days',
  'i.currency',
  'i.subtotal',
  'i.taxable_subtotal',
  'i.tax_name',
  'i.tax_rate',
  'i.tax_amount',
  'i.total',
  'i.amount_paid',
  'i.amount_pending',
  'i.balance',
  'i.reference_number',
  'i.memo',
  'i.notes',
  'i.sent_at',
  'i.downloaded_at',
  'i.ext_sync_state',
  'i.ext_ref',
  'i.ext_synced_at',
  'i.created_by',
  'i.approved_at',
  'i.approved_by',
  'i.deleted_at',
  'i.deleted_by',
  'i.created_at',
  'i.updated_at',
] as const;

/** Invoices of the company, deleted ones too (a delete is a mark: GET answers them as Deleted). */
export const invoiceRecords = companyRecords<InvoiceRow, number, { lock?: boolean } | undefined>({
  name: 'invoice',
  what: 'Invoice',
  read: (t, ids, options) =>
    invoices(t)
      .select(INVOICE_COLUMNS)
      .where('i.id', 'in', ids)
      .$if(options?.lock === true, (q) => q.forUpdate('i'))
      .execute() as Promise<InvoiceRow[]>,
});

/** How a route declares an invoice it changes: locked until the change commits. */
export const lockedInvoiceRecords = invoiceRecords.with({ lock: true });

export function linesOf(t: Tenant, invoiceIds: readonly number[]): Promise<LineRow[]> {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return t
    .select('invoice_lines as l')
    .select(['l.id', 'l.invoice_id', 'l.sequence', 'l.charge_type_id', 'l.code', 'l.description', 'l.quantity', 'l.rate', 'l.amount', 'l.is_taxable'])
    .where('l.invoice_id', 'in', [...invoiceIds])
    .orderBy('l.invoice_id')
    .orderBy('l.sequence')
    .execute();
}

export type NewInvoice = Omit<Insertable<InvoicesTable>, 'company_id'>;
export type NewLine = Omit<Insertable<InvoiceLinesTable>, 'company_id' | 'invoice_id' | 'sequence'>;

export async function insertInvoice(t: Tenant, values: NewInvoice): Promise<number> {
  const row = await t.insert('invoices', values).returning('id').executeTakeFirstOrThrow();
  await invoicesChanged(t, [row.id]);
  return row.id;
}

/** The invoice's lines become these, in this order. */
export async function replaceLines(t: Tenant, invoiceId: number, lines: readonly NewLine[]): Promise<void> {
  await t.delete('invoice_lines').where('invoice_id', '=', invoiceId).execute();
  if (lines.length === 0) return;
  await t
    .insert(
      'invoice_lines',
      lines.map((line, k) => ({ ...line, invoice_id: invoiceId, sequence: k + 1 })),
    )
    .execute();
}

export async function updateInvoice(t: Tenant, id: number, values: Omit<Updateable<InvoicesTable>, 'company_id' | 'id'>): Promise<void> {
  await figuringInvoices(t, [id], () =>
    t
      .update('invoices')
      .set({ ...values, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute(),
  );
}

/** Raises the company's invoice counter and answers the number it gives (prefix + first + counter). */
export async function nextNumber(t: Tenant, prefix: string, first: number): Promise<string> {
  const row = await nextValueQuery(t, NUMBER_COUNTER)
    .returning(sql<string>`${prefix}::text || (${first} + company_counters.value)::text`.as('number'))
    .executeTakeFirstOrThrow();
  return row.number;
}

/** Takes the counter's lock without moving it, before a number typed by hand is checked. */
export async function holdNumbers(t: Tenant): Promise<void> {
  await holdCounterQuery(t, NUMBER_COUNTER).execute();
}

/** Gives the invoice `number` unless an invoice has it already (typed by hand): then false. */
export async function giveNumber(t: Tenant, invoiceId: number, number: string): Promise<boolean> {
  const row = await t
    .update('invoices as i')
    .set({ invoice_number: number })
    .where('i.id', '=', invoiceId)
    .where(({ not, exists }) => not(exists(t.select('invoices as x').select(sql`1`.as('one')).where('x.number_key', '=', sql<string>`lower(${number})`))))
    .returning('i.id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The id of the invoice with this number (any case, as PostgreSQL folds it; deleted ones too), or null. */
export async function invoiceWithNumber(t: Tenant, number: string, exceptId: number | null = null): Promise<number | null> {
  let q = t.select('invoices').select('id').where('number_key', '=', sql<string>`lower(${number.trim()})`);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst())?.id ?? null;
}

/** The number of the order's live invoice (another than `exceptId`), or null. */
export async function liveInvoiceOfOrder(t: Tenant, orderId: number, exceptId: number | null): Promise<string | null> {
  let q = t.select('invoices').select('invoice_number').where('order_id', '=', orderId).where('deleted_at', 'is', null);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst())?.invoice_number ?? null;
}

export type Settings = Pick<Selectable<AccountingSettingsTable>, 'invoice_prefix' | 'default_terms_days' | 'tax_name' | 'tax_rate'>;
const DEFAULT_SETTINGS: Settings = { invoice_prefix: '', default_terms_days: 30, tax_name: 'Sales tax', tax_rate: 0 };

/** The company's invoice defaults (none kept: no prefix, 30 days, no tax). */
export async function settingsOf(t: Tenant): Promise<Settings> {
  const row = await t.select('accounting_settings').select(['invoice_prefix', 'default_terms_days', 'tax_name', 'tax_rate']).executeTakeFirst();
  return row ?? DEFAULT_SETTINGS;
}

/** The id of the order's live invoice, if it has one (one at most: invoices_live_order_idx). */
export async function liveInvoiceIdOfOrder(t: Tenant, orderId: number): Promise<number | null> {
  return (await t.select('invoices').select('id').where('order_id', '=', orderId).where('deleted_at', 'is', null).executeTakeFirst())?.id ?? null;
}
