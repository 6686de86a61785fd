// Rows → Invoice answers: any number of invoices with their lines in two statements.
import type { Tenant } from '../../db/tenant.js';
import { dayOf } from '../../platform/paging.js';
import type { InvoiceApproval } from './accounting.tables.js';
import { transactionStatusOf } from './invoice-state.js';
import { type InvoiceRow, type LineRow, linesOf } from './invoices.repository.js';
import type { InvoiceLineT, InvoiceT } from './invoices.schemas.js';

const toLine = (l: LineRow): InvoiceLineT => ({
  id: l.id,
  sequence: l.sequence,
  chargeTypeId: l.charge_type_id,
  code: l.code,
  description: l.description,
  quantity: l.quantity,
  rate: l.rate,
  amount: l.amount,
  isTaxable: l.is_taxable,
});

export function toInvoice(r: InvoiceRow, lines: readonly LineRow[], today = dayOf()): InvoiceT {
  return {
    id: r.id,
    invoiceNumber: r.invoice_number,
    customerId: r.customer_id,
    customerName: r.customer_name,
    orderId: r.order_id,
    orderNumber: r.order_number,
    status: r.status as InvoiceApproval,
    transactionStatus: transactionStatusOf(r, today),
    invoiceDate: r.invoice_date,
    dueDate: r.due_date,
    paymentTermsDays: r.payment_terms_days,
    currency: r.currency,
    lines: lines.map(toLine),
    subtotal: r.subtotal,
    taxableSubtotal: r.taxable_subtotal,
    taxName: r.tax_name,
    taxRate: r.tax_rate,
    taxAmount: r.tax_amount,
    total: r.total,
    amountPaid: r.amount_paid,
    amountPending: r.amount_pending,
    balance: r.balance,
    referenceNumber: r.reference_number,
    memo: r.memo,
    notes: r.notes,
    sentAt: r.sent_at,
    extSyncState: r.ext_sync_state,
    extSyncedAt: r.ext_synced_at,
    approvedAt: r.approved_at,
    approvedBy: r.approved_by,
    deletedAt: r.deleted_at,
    createdBy: r.created_by,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function invoiceAnswers(t: Tenant, rows: readonly InvoiceRow[]): Promise<InvoiceT[]> {
  const lines = await linesOf(
    t,
    rows.map((r) => r.id),
  );
  const byInvoice = new Map<number, LineRow[]>();
  for (const line of lines) {
    const list = byInvoice.get(line.invoice_id);
    if (list) list.push(line);
    else byInvoice.set(line.invoice_id, [line]);
  }
  const today = dayOf();
  return rows.map((r) => toInvoice(r, byInvoice.get(r.id) ?? [], today));
}
