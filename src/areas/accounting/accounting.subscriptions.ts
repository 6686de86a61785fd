// What accounting does when another area announces: an order about to be purged keeps its
// invoices' history — a live invoice refuses the purge; a deleted one lets the order go and keeps
// the order's number as invoiced.
import type { Tenant } from '../../db/tenant.js';
import { fail } from '../../platform/errors.js';
import { AccountingErrors } from './accounting.errors.js';
import { logInvoiceActivity } from './activity.js';

export async function guardOrderPurge(t: Tenant, p: { orderId: number; orderNumber: string }): Promise<void> {
  const live = await t.select('invoices').select('invoice_number').where('order_id', '=', p.orderId).where('deleted_at', 'is', null).executeTakeFirst();
  if (live) throw fail(AccountingErrors.orderInvoiced, `Order ${p.orderNumber} is invoiced (invoice ${live.invoice_number}): delete it (restorable) instead.`);
  const let_go = await t.update('invoices').set({ order_id: null, updated_at: new Date() }).where('order_id', '=', p.orderId).returning('id').execute();
  await logInvoiceActivity(
    t,
    let_go.map((r) => r.id),
    'invoice.order_purged',
    `Order ${p.orderNumber} was deleted permanently; the invoice keeps its number.`,
  );
}

/** Merged customers' invoices, payments and saved cards go to the customer kept (MergeCustomers). */
export async function moveCustomersBilling(t: Tenant, { fromIds, intoId }: { fromIds: number[]; intoId: number }): Promise<void> {
  if (fromIds.length === 0) return;
  const moved = await t.update('invoices').set({ customer_id: intoId, updated_at: new Date() }).where('customer_id', 'in', fromIds).returning('id').execute();
  await t.update('payments').set({ customer_id: intoId, updated_at: new Date() }).where('customer_id', 'in', fromIds).execute();
  await t.update('customer_payment_methods').set({ customer_id: intoId, is_default: false }).where('customer_id', 'in', fromIds).execute();
  await logInvoiceActivity(
    t,
    moved.map((r) => r.id),
    'invoice.customer_merged',
    `The invoice's customer was merged into customer ${intoId}.`,
  );
}
