// Rows → Payment answers: any number of payments with their allocations in two statements.
import type { Tenant } from '../../db/tenant.js';
import { sum } from './money.js';
import { type AllocationRow, allocationsOf, type PaymentRow } from './payments.repository.js';
import type { PaymentT } from './payments.schemas.js';

const STATUS = { settled: 'Settled', pending: 'Pending', failed: 'Failed' } as const;

export function toPayment(r: PaymentRow, allocations: readonly AllocationRow[]): PaymentT {
  const invoices = allocations.map((a) => ({ invoiceId: a.invoice_id, invoiceNumber: a.invoice_number, amount: a.amount }));
  return {
    id: r.id,
    customerId: r.customer_id,
    customerName: r.customer_name,
    amount: r.amount,
    currency: r.currency,
    date: r.payment_date,
    paymentMethodType: r.method_type,
    paymentMethod: r.payment_method_id,
    cardBrand: r.card_brand,
    cardLast4: r.card_last4,
    referenceNumber: r.reference_number,
    memo: r.memo,
    depositAccountId: r.deposit_account_id,
    invoices,
    appliedAmount: sum(invoices.map((a) => a.amount)),
    unappliedAmount: r.unapplied_amount,
    status: r.deleted_at !== null ? 'Deleted' : STATUS[r.processing_status],
    failureCode: r.failure_code,
    failureMessage: r.failure_message,
    extSyncState: r.ext_sync_state,
    createdBy: r.created_by,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    deletedAt: r.deleted_at,
  };
}

export async function paymentAnswers(t: Tenant, rows: readonly PaymentRow[]): Promise<PaymentT[]> {
  const allocations = await allocationsOf(
    t,
    rows.map((r) => r.id),
  );
  const byPayment = new Map<number, AllocationRow[]>();
  for (const a of allocations) {
    const list = byPayment.get(a.payment_id);
    if (list) list.push(a);
    else byPayment.set(a.payment_id, [a]);
  }
  return rows.map((r) => toPayment(r, byPayment.get(r.id) ?? []));
}
