// What accounting announces (platform/events.ts): each is appended to the company event log in the
// transaction of the change (README "Company events").
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
export const invoiceDeleted = invoiceEvent('invoice.deleted', 'An invoice was marked deleted.');
