// How a payment is applied to invoices: the invoices are locked (in id order, so two payments on
// the same invoices wait for each other instead of deadlocking), checked — the payment's customer's,
// live, approved, in its currency — and each part is held against the invoice's open balance (its
// total less what its other live payments pay or hold pending). An amount left out takes what is
// left of the payment, up to the open balance, in the order the invoices are listed.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { fail, invalid, notFoundAll } from '../../platform/errors.js';
import { AccountingErrors } from './accounting.errors.js';
import { hasAtMostDecimals, minus, sum } from './money.js';
import type { AllocationInputT } from './payments.schemas.js';

export interface Allocation {
  invoiceId: number;
  amount: number;
}

export interface AllocationPlan {
  allocations: Allocation[];
  applied: number;
  unapplied: number;
}

interface LockedInvoice {
  id: number;
  invoice_number: string;
  customer_id: number;
  currency: string;
  status: number;
  deleted_at: Date | null;
  total: number;
  amount_paid: number;
  amount_pending: number;
  /** What this payment holds on it now (counted in paid or pending when the payment is live). */
  mine: number;
}

/** The invoices, locked until commit in id order, with what the payment holds on each. */
async function lockInvoices(t: Tenant, ids: readonly number[], paymentId: number | null): Promise<Map<number, LockedInvoice>> {
  if (ids.length === 0) return new Map();
  const rows = await t
    .select('invoices as i')
    .select([
      'i.id',
      'i.invoice_number',
      'i.customer_id',
      'i.currency',
      'i.status',
      'i.deleted_at',
      'i.total',
      'i.amount_paid',
      'i.amount_pending',
      sql<number>`coalesce((select a.amount from payment_allocations a join payments p on p.company_id = a.company_id and p.id = a.payment_id
        where ${t.owns('a')} and a.invoice_id = i.id and a.payment_id = ${paymentId ?? 0} and p.deleted_at is null and p.processing_status <> 'failed'), 0)`.as(
        'mine',
      ),
    ])
    .where('i.id', 'in', [...ids])
    .orderBy('i.id')
    .forUpdate('i')
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r as LockedInvoice]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) throw notFoundAll('Invoice', 'Invoices', missing);
  return byId;
}

/** Locks the invoices a payment leaves (its former allocations), in id order. */
export async function lockInvoicesOf(t: Tenant, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await t
    .select('invoices as i')
    .select('i.id')
    .where('i.id', 'in', [...new Set(ids)])
    .orderBy('i.id')
    .forUpdate('i')
    .execute();
}

/**
 * The payment's allocations as asked, checked. `paymentId` is the payment's own (null for a new
 * one): what it holds already is not counted against it. All invoices the payment touches, old and
 * new, are locked by the caller's transaction from here on.
 */
export async function planAllocations(
  t: Tenant,
  payment: { id: number | null; customerId: number; currency: string; amount: number },
  asked: readonly AllocationInputT[],
  formerInvoiceIds: readonly number[] = [],
): Promise<AllocationPlan> {
  const ids = asked.map((a) => a.invoiceId);
  const twice = ids.find((id, k) => ids.indexOf(id) !== k);
  if (twice !== undefined) throw invalid('invoices', `Invoice ${twice} is listed twice.`);
  const locked = await lockInvoices(
    t,
    [...new Set([...ids, ...formerInvoiceIds])].sort((a, b) => a - b),
    payment.id,
  );
  const allocations: Allocation[] = [];
  let left = payment.amount;
  for (const [k, part] of asked.entries()) {
    const invoice = locked.get(part.invoiceId)!;
    const name = `Invoice ${invoice.invoice_number}`;
    if (invoice.deleted_at !== null) throw fail(AccountingErrors.invoiceDeleted, `${name} is deleted.`);
    if (invoice.customer_id !== payment.customerId)
      throw fail(AccountingErrors.invoiceOfAnotherCustomer, `${name} is customer ${invoice.customer_id}'s, the payment customer ${payment.customerId}'s.`);
    if (invoice.status !== 2) throw fail(AccountingErrors.invoiceNotApproved, `${name} is a Draft: approve it first.`);
    if (invoice.currency !== payment.currency)
      throw fail(AccountingErrors.currencyMismatch, `${name} is in ${invoice.currency}, the payment in ${payment.currency}.`);
    const open = minus(minus(invoice.total, invoice.amount_paid), minus(invoice.amount_pending, invoice.mine));
    const amount = part.amount ?? Math.min(open, left);
    if (part.amount != null && !hasAtMostDecimals(part.amount, 2))
      throw fail(AccountingErrors.invalidAmount, `invoices[${k}].amount ${part.amount} has more than 2 decimals.`);
    if (amount <= 0)
      throw fail(AccountingErrors.overAllocation, open <= 0 ? `${name} has nothing left to pay.` : `Nothing of the payment is left for ${name}.`);
    if (amount > open) throw fail(AccountingErrors.overAllocation, `${amount} is more than the ${open} ${invoice.currency} left to pay on ${name}.`);
    if (amount > left) throw fail(AccountingErrors.overAllocation, `The parts applied exceed the payment's ${payment.amount} ${payment.currency}.`);
    left = minus(left, amount);
    allocations.push({ invoiceId: invoice.id, amount });
  }
  const applied = sum(allocations.map((a) => a.amount));
  return { allocations, applied, unapplied: minus(payment.amount, applied) };
}
