// An invoice's lines as sent → the rows to write: each line's charge type (one of the customer's,
// or one the invoice already names), its words, quantity, rate and amount checked to the cent, its
// taxability; then the invoice's totals. Every problem of every line is named in one answer.
import type { Tenant } from '../../db/tenant.js';
import { type AppError, fail, invalid } from '../../platform/errors.js';
import { text } from '../../platform/writes.js';
import { chargeRulesFor } from '../charge-types/index.js';
import { AccountingErrors } from './accounting.errors.js';
import type { NewLine } from './invoices.repository.js';
import type { LineInputT } from './invoices.schemas.js';
import { DECIMALS, hasAtMostDecimals, type InvoiceTotals, invoiceTotals, lineAmount } from './money.js';

export interface KnownType {
  code: string | null;
  name: string;
  isTaxable: boolean;
}

/** The lines to write and the totals they make, or a 400 naming the first line at fault. */
export async function resolveLines(
  t: Tenant,
  customerId: number,
  sent: readonly LineInputT[],
  taxRate: number,
  kept: ReadonlyMap<number, KnownType> = new Map(),
): Promise<{ lines: NewLine[]; totals: InvoiceTotals }> {
  const wanted = sent.some((l) => l.chargeTypeId != null) ? await chargeRulesFor(t, customerId) : [];
  const types = new Map<number, KnownType>(kept);
  for (const rule of wanted) types.set(rule.id, { code: rule.code, name: rule.name, isTaxable: rule.isTaxable });
  const lines = sent.map((line, k): NewLine => {
    const at = `lines[${k}]`;
    const type = line.chargeTypeId != null ? types.get(line.chargeTypeId) : undefined;
    if (line.chargeTypeId != null && type === undefined)
      throw invalid(`${at}.chargeTypeId`, `Charge type ${line.chargeTypeId} does not apply to the customer (or is not active).`);
    const description = text(line.description) ?? type?.name ?? null;
    if (description === null) throw invalid(`${at}.description`, 'A line needs a description (or a charge type, whose name it takes).');
    const quantity = line.quantity ?? 1;
    const decimals = (value: number, places: number, what: string): AppError | null =>
      hasAtMostDecimals(value, places) ? null : fail(AccountingErrors.invalidAmount, `${at}: the ${what} ${value} has more than ${places} decimals.`);
    const tooPrecise =
      decimals(quantity, DECIMALS.quantity, 'quantity') ??
      (line.rate != null ? decimals(line.rate, DECIMALS.rate, 'rate') : null) ??
      (line.amount != null ? decimals(line.amount, DECIMALS.amount, 'amount') : null);
    if (tooPrecise) throw tooPrecise;
    let rate: number;
    if (line.rate != null) rate = line.rate;
    else if (line.amount != null) rate = Number((line.amount / quantity).toFixed(DECIMALS.rate));
    else throw invalid(`${at}.rate`, 'A line needs a rate or an amount.');
    const amount = lineAmount(quantity, rate);
    if (line.amount != null && line.amount !== amount)
      throw fail(
        AccountingErrors.lineAmountMismatch,
        `${at}: ${quantity} × ${rate} is ${amount.toFixed(2)}, not ${line.amount}${line.rate == null ? ' (send the rate)' : ''}.`,
      );
    return {
      charge_type_id: line.chargeTypeId ?? null,
      code: type?.code ?? null,
      description,
      quantity,
      rate,
      amount,
      is_taxable: line.isTaxable ?? type?.isTaxable ?? false,
    };
  });
  const totals = invoiceTotals(
    lines.map((l) => ({ amount: l.amount, isTaxable: l.is_taxable === true })),
    taxRate,
  );
  if (totals.total < 0) throw fail(AccountingErrors.negativeTotal, `The lines come to ${totals.total.toFixed(2)}: an invoice's total is not below 0.`);
  return { lines, totals };
}
