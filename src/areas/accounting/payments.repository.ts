// SQL of payments and their allocations, through the company door. What an invoice counts as paid
// (amount_paid) and as pending (amount_pending) is summed again from the allocations of its live
// payments by every payment write, in its transaction, under the invoices' row locks: never kept
// by adding and subtracting, so never stale.
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { companyRecords } from '../../platform/records.js';
import type { PaymentAllocationsTable, PaymentsTable } from './accounting.tables.js';
import { figuringInvoices, figuringPayments, paymentsChanged, paymentsChanging } from './figures.js';

export type PaymentRow = Omit<Selectable<PaymentsTable>, 'company_id'> & { customer_name: string; card_brand: string | null; card_last4: string | null };
export type AllocationRow = Pick<Selectable<PaymentAllocationsTable>, 'payment_id' | 'invoice_id' | 'amount'> & { invoice_number: string };

const payments = (t: Tenant) =>
  t
    .select('payments as p')
    .innerJoin('customers as c', (j) => j.onRef('c.company_id', '=', 'p.company_id').onRef('c.id', '=', 'p.customer_id'))
    .leftJoin('customer_payment_methods as m', (j) => j.onRef('m.company_id', '=', 'p.company_id').onRef('m.id', '=', 'p.payment_method_id'));

export const PAYMENT_COLUMNS = [
  'p.id',
  'p.customer_id',
  'c.name as customer_name',
  'p.amount',
  'p.currency',
  'p.payment_date',
  'p.method_type',
  'p.payment_method_id',
  'm.brand as card_brand',
  'm.last4 as card_last4',
  'p.reference_number',
  'p.memo',
  'p.deposit_account_id',
  'p.unapplied_amount',
  'p.processing_status',
  'p.processor',
  'p.processor_key',
  'p.processor_payment_id',
  'p.request_key',
  'p.failure_code',
  'p.failure_message',
  'p.charge_started_at',
  'p.settled_at',
  'p.reconcile_after',
  'p.reconcile_attempts',
  'p.ext_sync_state',
  'p.ext_ref',
  'p.ext_synced_at',
  'p.created_by',
  'p.deleted_at',
  'p.deleted_by',
  'p.created_at',
  'p.updated_at',
] as const;

/** Payments of the company, deleted ones too (a delete is a mark, restorable). */
export const paymentRecords = companyRecords<PaymentRow, number, { lock?: boolean } | undefined>({
  name: 'payment',
  what: 'Payment',
  read: (t, ids, options) =>
    payments(t)
      .select(PAYMENT_COLUMNS)
      .where('p.id', 'in', ids)
      .$if(options?.lock === true, (q) => q.forUpdate('p'))
      .execute() as Promise<PaymentRow[]>,
});

/** How a route declares a payment it changes in the company's transaction: locked until commit. */
export const lockedPaymentRecords = paymentRecords.with({ lock: true });

/** The payments' allocations with their invoices' numbers, by payment then invoice number. */
export function allocationsOf(t: Tenant, paymentIds: readonly number[]): Promise<AllocationRow[]> {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return t
    .select('payment_allocations as a')
    .innerJoin('invoices as i', (j) => j.onRef('i.company_id', '=', 'a.company_id').onRef('i.id', '=', 'a.invoice_id'))
    .select(['a.payment_id', 'a.invoice_id', 'a.amount', 'i.invoice_number'])
    .where('a.payment_id', 'in', [...paymentIds])
    .orderBy('a.payment_id')
    .orderBy('a.id')
    .execute();
}

/** Payments applied to the invoice, live ones, newest first. */
export async function paymentIdsOfInvoice(t: Tenant, invoiceId: number): Promise<number[]> {
  const rows = await t
    .select('payment_allocations as a')
    .innerJoin('payments as p', (j) => j.onRef('p.company_id', '=', 'a.company_id').onRef('p.id', '=', 'a.payment_id'))
    .select('p.id')
    .where('a.invoice_id', '=', invoiceId)
    .where('p.deleted_at', 'is', null)
    .orderBy('p.payment_date', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

export type NewPayment = Omit<Insertable<PaymentsTable>, 'company_id'>;

export async function insertPayment(t: Tenant, values: NewPayment): Promise<number> {
  const row = await t.insert('payments', values).returning('id').executeTakeFirstOrThrow();
  await paymentsChanged(t, [row.id]);
  return row.id;
}

export async function updatePayment(t: Tenant, id: number, values: Omit<Updateable<PaymentsTable>, 'company_id' | 'id'>): Promise<void> {
  await figuringPayments(t, [id], () =>
    t
      .update('payments')
      .set({ ...values, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute(),
  );
}

export async function deletePayment(t: Tenant, id: number): Promise<void> {
  await paymentsChanging(t, [id]);
  await t.delete('payments').where('id', '=', id).execute();
}

/** The payment's allocations become these. */
export async function replaceAllocations(t: Tenant, paymentId: number, allocations: ReadonlyArray<{ invoiceId: number; amount: number }>): Promise<void> {
  await t.delete('payment_allocations').where('payment_id', '=', paymentId).execute();
  if (allocations.length === 0) return;
  await t
    .insert(
      'payment_allocations',
      allocations.map((a) => ({ payment_id: paymentId, invoice_id: a.invoiceId, amount: a.amount })),
    )
    .execute();
}

/**
 * The invoices' amount_paid and amount_pending summed again from their live payments' allocations
 * (settled count as paid, pending card charges as pending). The invoices are locked by the caller.
 * The invoices' CHECK (paid + pending ≤ total) is the backstop of the service's own check.
 */
export async function recountInvoices(t: Tenant, invoiceIds: readonly number[]): Promise<void> {
  if (invoiceIds.length === 0) return;
  const summed = (status: 'settled' | 'pending') =>
    sql<number>`coalesce((select sum(a.amount) from payment_allocations a
      join payments p on p.company_id = a.company_id and p.id = a.payment_id
      where ${t.owns('a')} and a.invoice_id = i.id and p.deleted_at is null and p.processing_status = ${status}), 0)`;
  const ids = [...new Set(invoiceIds)];
  await figuringInvoices(t, ids, () =>
    t
      .update('invoices as i')
      .set({ amount_paid: summed('settled'), amount_pending: summed('pending'), updated_at: sql`now()` })
      .where('i.id', 'in', ids)
      .execute(),
  );
}

/** Payments by date, newest first, at most `limit` (GET /Accounting/Payments; payments_date_idx or
 *  payments_customer_idx). Days are inclusive. */
export function paymentsBetween(
  t: Tenant,
  filter: { customerId?: number; from?: string; to?: string; includeDeleted: boolean },
  limit: number,
): Promise<PaymentRow[]> {
  return payments(t)
    .select(PAYMENT_COLUMNS)
    .$if(filter.customerId !== undefined, (q) => q.where('p.customer_id', '=', filter.customerId!))
    .$if(filter.from !== undefined, (q) => q.where('p.payment_date', '>=', filter.from!))
    .$if(filter.to !== undefined, (q) => q.where('p.payment_date', '<=', filter.to!))
    .$if(!filter.includeDeleted, (q) => q.where('p.deleted_at', 'is', null))
    .orderBy('p.payment_date', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute() as Promise<PaymentRow[]>;
}

/** The payment a request key wrote (payments_request_key_idx). */
export async function paymentWithRequestKey(t: Tenant, key: string): Promise<Pick<PaymentRow, 'id' | 'processing_status'> | undefined> {
  return t.select('payments as p').select(['p.id', 'p.processing_status']).where('p.request_key', '=', key).executeTakeFirst();
}

/** Locks the payments' rows (in the order given: the caller sorts them). */
export async function lockPayments(t: Tenant, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await t
    .select('payments as p')
    .select('p.id')
    .where('p.id', 'in', [...ids])
    .orderBy('p.id')
    .forUpdate('p')
    .execute();
}

/** The invoices the payments are applied to. */
export async function invoiceIdsOfPayments(t: Tenant, paymentIds: readonly number[]): Promise<number[]> {
  if (paymentIds.length === 0) return [];
  const rows = await t
    .select('payment_allocations as a')
    .select('a.invoice_id')
    .where('a.payment_id', 'in', [...paymentIds])
    .execute();
  return rows.map((r) => r.invoice_id);
}
