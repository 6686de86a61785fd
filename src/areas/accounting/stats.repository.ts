// The grouped statements behind the accounting figures: one per answer, over the company's live
// invoices (or one customer's, along invoices_customer_idx) and payments.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { figureStatus } from './figures.js';

export interface StatusRow {
  currency: string;
  status: string;
  count: number;
  total: number;
  balance: number;
}

/** Live invoices by currency and transaction status: from the running figures (figures.ts), each
 *  key's status derived for today by figureStatus (live keys only: never Deleted). */
export function invoicesByStatus(t: Tenant, today: string): Promise<StatusRow[]> {
  return t
    .select('invoice_figures as f')
    .select([
      'f.currency',
      figureStatus(today).as('status'),
      sql<number>`sum(f.n)::int`.as('count'),
      sql<number>`sum(f.total)`.as('total'),
      sql<number>`sum(f.balance)`.as('balance'),
    ])
    .where('f.deleted', '=', false)
    .groupBy(['f.currency', sql`2`])
    .having(sql`sum(f.n)`, '>', 0)
    .execute() as Promise<StatusRow[]>;
}

/** Live settled payments since the day, by currency (the running figures). */
export function paidSince(t: Tenant, day: string): Promise<Array<{ currency: string; total: number }>> {
  return t
    .select('payment_figures as f')
    .select(['f.currency', sql<number>`sum(f.amount)`.as('total')])
    .where('f.payment_date', '>=', day)
    .where('f.deleted', '=', false)
    .where('f.processing_status', '=', 'settled')
    .groupBy('f.currency')
    .having(sql`sum(f.n)`, '>', 0)
    .execute();
}

export interface CustomerInvoiceRow {
  month: string | null;
  currency: string;
  invoice_count: number;
  invoiced_total: number;
  balance: number;
  overdue_balance: number;
  overdue_count: number;
  all_count: number;
}

/** A customer's live invoices by currency (and month of their date, from `since`); approved ones
 *  counted, drafts only in all_count (which currency is the customer's). */
export function customerInvoices(t: Tenant, customerId: number, today: string, since: string | null): Promise<CustomerInvoiceRow[]> {
  const month = since === null ? sql<string | null>`null::text` : sql<string>`to_char(i.invoice_date, 'YYYY-MM')`;
  return t
    .select('invoices as i')
    .select([
      month.as('month'),
      'i.currency',
      sql<number>`count(*) filter (where i.status = 2)::int`.as('invoice_count'),
      sql<number>`coalesce(sum(i.total) filter (where i.status = 2), 0)`.as('invoiced_total'),
      sql<number>`coalesce(sum(i.balance) filter (where i.status = 2), 0)`.as('balance'),
      sql<number>`coalesce(sum(i.balance) filter (where i.status = 2 and i.due_date < ${today} and i.balance > 0), 0)`.as('overdue_balance'),
      sql<number>`count(*) filter (where i.status = 2 and i.due_date < ${today} and i.balance > 0)::int`.as('overdue_count'),
      sql<number>`count(*)::int`.as('all_count'),
    ])
    .where('i.customer_id', '=', customerId)
    .where('i.deleted_at', 'is', null)
    .$if(since !== null, (q) => q.where('i.invoice_date', '>=', since!))
    .groupBy([sql`1`, 'i.currency'])
    .execute() as Promise<CustomerInvoiceRow[]>;
}

export interface CustomerPaymentRow {
  month: string | null;
  currency: string;
  payments_count: number;
  payments_total: number;
  last_payment_date: string | null;
}

export function customerPayments(t: Tenant, customerId: number, since: string | null): Promise<CustomerPaymentRow[]> {
  const month = since === null ? sql<string | null>`null::text` : sql<string>`to_char(p.payment_date, 'YYYY-MM')`;
  return t
    .select('payments as p')
    .select([
      month.as('month'),
      'p.currency',
      sql<number>`count(*)::int`.as('payments_count'),
      sql<number>`sum(p.amount)`.as('payments_total'),
      sql<string | null>`max(p.payment_date)::text`.as('last_payment_date'),
    ])
    .where('p.customer_id', '=', customerId)
    .where('p.deleted_at', 'is', null)
    .where('p.processing_status', '=', 'settled')
    .$if(since !== null, (q) => q.where('p.payment_date', '>=', since!))
    .groupBy([sql`1`, 'p.currency'])
    .execute() as Promise<CustomerPaymentRow[]>;
}
