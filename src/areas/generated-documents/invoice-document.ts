// The invoice as a document model: who is billed, for which order (its pickup and delivery when it
// bills one), the lines, tax, total, what is paid and the balance due, the memo and the terms.
// Every line reads so the reader can check it: quantity × rate printed with all its decimals, or,
// for a percentage charge (kept as base × fraction), the base and the percent.
import { Decimal } from 'decimal.js';
import type { Block, Letterhead, PageDocument } from '../../integrations/documents/index.js';
import type { InvoiceT } from '../accounting/index.js';
import type { CustomerT } from '../customers/index.js';
import type { OrderT } from '../orders/index.js';
import { billTo, termsBlocks } from './bill-of-lading.js';
import { day, money, num, placeLines, unitPrice } from './format.js';

type InvoiceLineT = InvoiceT['lines'][number];

export interface InvoiceContext {
  invoice: InvoiceT;
  customer: CustomerT;
  order: OrderT | null;
  letterhead: Letterhead;
  /** The lines (ids) that bill a percentage charge (of the linehaul). */
  percentLineIds: ReadonlySet<number>;
}

const STATES: Record<string, string> = { Draft: 'Draft', Deleted: 'Deleted', Paid: 'Paid' };

/** A percentage charge's line is kept as base × fraction (2,805.90 × 0.185); one kept as 1 × its
 *  amount (a minimum charge, a typed amount) reads as any other. The base is printed as money, so
 *  it must have no more than cents. */
function isPercentOfBase(line: InvoiceLineT, percentLineIds: ReadonlySet<number>): boolean {
  if (!percentLineIds.has(line.id)) return false;
  return line.quantity !== 1 && Math.abs(line.rate) < 1 && new Decimal(line.quantity).decimalPlaces() <= 2;
}

function lineCells(line: InvoiceLineT, currency: string, percentLineIds: ReadonlySet<number>): string[] {
  const description = line.isTaxable ? `${line.description} (taxable)` : line.description;
  if (isPercentOfBase(line, percentLineIds))
    return [description, money(line.quantity, currency), `${num(new Decimal(line.rate).times(100).toNumber())} %`, money(line.amount, currency)];
  return [description, num(line.quantity), unitPrice(line.rate, currency), money(line.amount, currency)];
}

export function invoiceDocument({ invoice, customer, order, letterhead, percentLineIds }: InvoiceContext): PageDocument {
  const cur = invoice.currency;
  const pickup = order?.stops.find((s) => s.type === 'Pickup');
  const delivery = order?.stops.findLast((s) => s.type === 'Delivery');
  const state = STATES[invoice.transactionStatus];
  const taxLabel = `${invoice.taxName ?? 'Tax'} (${num(invoice.taxRate)}% of ${money(invoice.taxableSubtotal, cur)})`;
  return {
    kind: 'pages',
    title: state ? `Invoice (${state.toLowerCase()})` : 'Invoice',
    letterhead,
    reference: [
      ['Invoice number', invoice.invoiceNumber],
      ['Invoice date', day(invoice.invoiceDate)],
      ['Due date', day(invoice.dueDate)],
      ['Terms', invoice.paymentTermsDays === 0 ? 'Due on receipt' : `Net ${invoice.paymentTermsDays} days`],
      ...(invoice.orderNumber ? [['Order', invoice.orderNumber] as [string, string]] : []),
      ...(invoice.referenceNumber ? [['Your reference', invoice.referenceNumber] as [string, string]] : []),
    ],
    blocks: [
      {
        kind: 'parties',
        parties: [
          { title: 'Bill to', lines: billTo(customer) },
          ...(order
            ? [
                { title: 'Picked up at', lines: pickup ? [...placeLines(pickup.address, customer.name), day(pickup.date)].filter(Boolean) : [] },
                { title: 'Delivered to', lines: delivery ? [...placeLines(delivery.address, null), day(delivery.date)].filter(Boolean) : [] },
              ]
            : []),
        ],
      },
      {
        kind: 'table',
        columns: [
          { title: 'Description', width: 4.2 },
          { title: 'Quantity', width: 1, align: 'right' },
          { title: 'Rate', width: 1.3, align: 'right' },
          { title: 'Amount', width: 1.3, align: 'right' },
        ],
        rows: invoice.lines.map((line) => ({ cells: lineCells(line, cur, percentLineIds) })),
        empty: 'No lines.',
      },
      {
        kind: 'totals',
        lines: [
          { label: 'Subtotal', value: money(invoice.subtotal, cur) },
          ...(invoice.taxAmount !== 0 || invoice.taxRate !== 0 ? [{ label: taxLabel, value: money(invoice.taxAmount, cur) }] : []),
          { label: `Total (${cur})`, value: money(invoice.total, cur), strong: true },
          ...(invoice.amountPaid !== 0 ? [{ label: 'Paid', value: money(-invoice.amountPaid, cur) }] : []),
          { label: 'Balance due', value: money(invoice.balance, cur), strong: true },
        ],
      },
      ...(invoice.memo ? [{ kind: 'text', title: 'Memo', text: invoice.memo } as Block] : []),
      ...termsBlocks(letterhead),
    ],
  };
}
