// What accounting announces (platform/events.ts): each is appended to the company event log in the
// transaction of the change (docs/architecture.md, "Company events").
import { companyEvent } from '../../platform/events.js';
import type { InvoiceApproval } from './accounting.tables.js';

export interface InvoiceChange {
  invoiceId: number;
  invoiceNumber: string;
  customerId: number;
  orderId: number | null;
  status: InvoiceApproval;
  total: number;
  currency: string;
}

const invoiceEvent = (name: string, description: string) =>
  companyEvent<InvoiceChange>(name, {
    entity: 'invoice',
    description,
    entry: (p) => ({
      id: p.invoiceId,
      payload: { invoiceNumber: p.invoiceNumber, customerId: p.customerId, orderId: p.orderId, status: p.status, total: p.total, currency: p.currency },
    }),
  });

export const invoiceCreated = invoiceEvent('invoice.created', 'An invoice was made (typed, from an order, or a copy).');
export const invoiceUpdated = invoiceEvent('invoice.updated', "An invoice's lines or details changed.");
export const invoiceStatusChanged = invoiceEvent('invoice.status_changed', 'An invoice was approved, or set back to Draft.');
export const invoiceExtMarked = invoiceEvent(
  'invoice.ext_marked',
  'An exported invoice was marked as added to the external ledger by hand, or the mark taken off.',
);
export const invoiceDeleted = invoiceEvent('invoice.deleted', 'An invoice was marked deleted.');

export interface PaymentChange {
  paymentId: number;
  customerId: number;
  amount: number;
  currency: string;
  paymentMethodType: number;
  status: string;
  invoices: Array<{ invoiceId: number; amount: number }>;
}

const paymentEvent = (name: string, description: string) =>
  companyEvent<PaymentChange>(name, {
    entity: 'payment',
    description,
    entry: (p) => ({
      id: p.paymentId,
      payload: {
        customerId: p.customerId,
        amount: p.amount,
        currency: p.currency,
        paymentMethodType: p.paymentMethodType,
        status: p.status,
        invoices: p.invoices,
      },
    }),
  });

export const paymentCreated = paymentEvent('payment.created', 'A payment was recorded (or a card charged) and applied to invoices.');
export const paymentUpdated = paymentEvent('payment.updated', "A payment's details or allocations changed.");
export const paymentSettled = paymentEvent('payment.settled', "A card payment's charge succeeded: its invoices count it as paid.");
export const paymentFailed = paymentEvent('payment.failed', "A card payment's charge was declined: nothing was paid.");
export const paymentDeleted = paymentEvent('payment.deleted', 'A payment was marked deleted: its invoices no longer count it.');
export const paymentRestored = paymentEvent('payment.restored', 'A deleted payment was restored onto its invoices.');
export const paymentPurged = paymentEvent('payment.purged', 'A payment was deleted for good.');

export const depositAccountSaved = companyEvent<{ id: number; name: string; isDefault: boolean }>('deposit_account.saved', {
  entity: 'deposit_account',
  description: "A 'Deposit to' account was made or changed.",
  entry: (p) => ({ id: p.id, payload: { name: p.name, isDefault: p.isDefault } }),
});

export const ledgerBatchMade = companyEvent<{ batchId: number; kind: 'Export' | 'Send'; invoiceIds: number[]; paymentIds: number[]; status: string }>(
  'ledger.batch',
  {
    entity: 'ledger_batch',
    description: 'Invoices or payments were exported to a ledger file, or sent to the external ledger.',
    entry: (p) => ({ id: p.batchId, payload: { kind: p.kind, invoiceIds: p.invoiceIds, paymentIds: p.paymentIds, status: p.status } }),
  },
);
