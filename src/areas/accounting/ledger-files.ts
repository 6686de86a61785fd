// The files the external ledger imports, from invoices (with their lines) and payments:
//  - IIF, QuickBooks Desktop's import format: tab-separated, a header row per record kind, each
//    transaction a TRNS line (the receivable's side), SPL lines (income per invoice line, the tax,
//    or the receivable a payment pays) summing to zero with it, then ENDTRNS;
//  - CSV, one row per invoice line (csv-stringify), for any other ledger or a spreadsheet.
import { stringify } from 'csv-stringify/sync';
import type { InvoiceT } from './invoices.schemas.js';
import { minus } from './money.js';
import type { PaymentT } from './payments.schemas.js';

export const ACCOUNTS = { receivable: 'Accounts Receivable', income: 'Freight Income', tax: 'Sales Tax Payable', undeposited: 'Undeposited Funds' } as const;

/** A value IIF can hold: no tab, no line break, no double quote. */
const field = (value: string | number | null | undefined) =>
  value === null || value === undefined
    ? ''
    : String(value)
        .replace(/[\t\r\n]+/g, ' ')
        .replace(/"/g, "'");
/** MM/DD/YYYY, as QuickBooks reads dates. */
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const money = (n: number) => n.toFixed(2);
const row = (...cells: Array<string | number | null | undefined>) => cells.map(field).join('\t');

export function invoicesIif(
  invoices: readonly InvoiceT[],
  payments: readonly PaymentT[] = [],
  depositAccountName: (p: PaymentT) => string = () => ACCOUNTS.undeposited,
): string {
  const lines = [
    row('!TRNS', 'TRNSID', 'TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO', 'DUEDATE'),
    row('!SPL', 'SPLID', 'TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO', 'QNTY', 'PRICE', 'INVITEM', 'TAXABLE'),
    row('!ENDTRNS'),
  ];
  for (const inv of invoices) {
    const date = usDate(inv.invoiceDate);
    lines.push(row('TRNS', '', 'INVOICE', date, ACCOUNTS.receivable, inv.customerName, money(inv.total), inv.invoiceNumber, inv.memo, usDate(inv.dueDate)));
    for (const l of inv.lines)
      lines.push(
        row(
          'SPL',
          '',
          'INVOICE',
          date,
          ACCOUNTS.income,
          inv.customerName,
          money(-l.amount),
          inv.invoiceNumber,
          l.description,
          -l.quantity,
          l.rate,
          l.code ?? 'Freight',
          l.isTaxable ? 'Y' : 'N',
        ),
      );
    if (inv.taxAmount !== 0)
      lines.push(
        row(
          'SPL',
          '',
          'INVOICE',
          date,
          ACCOUNTS.tax,
          inv.taxName ?? 'Sales tax',
          money(-inv.taxAmount),
          inv.invoiceNumber,
          `${inv.taxName ?? 'Tax'} ${inv.taxRate}%`,
          '',
          '',
          '',
          'N',
        ),
      );
    lines.push(row('ENDTRNS'));
  }
  for (const p of payments) {
    const date = usDate(p.date);
    lines.push(row('TRNS', '', 'PAYMENT', date, depositAccountName(p), p.customerName, money(p.amount), p.referenceNumber, p.memo, ''));
    for (const a of p.invoices)
      lines.push(
        row('SPL', '', 'PAYMENT', date, ACCOUNTS.receivable, p.customerName, money(-a.amount), a.invoiceNumber, `Invoice ${a.invoiceNumber}`, '', '', '', ''),
      );
    const unapplied = minus(p.amount, p.appliedAmount);
    if (unapplied !== 0)
      lines.push(row('SPL', '', 'PAYMENT', date, ACCOUNTS.receivable, p.customerName, money(-unapplied), p.referenceNumber, 'Unapplied', '', '', '', ''));
    lines.push(row('ENDTRNS'));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function invoicesCsv(invoices: readonly InvoiceT[]): string {
  const records = invoices.flatMap((inv) =>
    inv.lines.map((l) => ({
      invoiceNumber: inv.invoiceNumber,
      customer: inv.customerName,
      invoiceDate: inv.invoiceDate,
      dueDate: inv.dueDate,
      currency: inv.currency,
      orderNumber: inv.orderNumber ?? '',
      item: l.code ?? '',
      description: l.description,
      quantity: l.quantity,
      rate: l.rate,
      amount: money(l.amount),
      taxable: l.isTaxable ? 'Y' : 'N',
      invoiceTax: money(inv.taxAmount),
      invoiceTotal: money(inv.total),
      status: inv.transactionStatus,
    })),
  );
  return stringify(records, {
    header: true,
    columns: [
      'invoiceNumber',
      'customer',
      'invoiceDate',
      'dueDate',
      'currency',
      'orderNumber',
      'item',
      'description',
      'quantity',
      'rate',
      'amount',
      'taxable',
      'invoiceTax',
      'invoiceTotal',
      'status',
    ],
    // A cell a spreadsheet would run as a formula is written as text.
    cast: { string: (v) => (/^[=+\-@]/.test(v) ? `'${v}` : v) },
  });
}
