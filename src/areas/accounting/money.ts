// An invoice's money, exact: a line's amount is quantity × rate rounded half up to the cent; the
// subtotal sums the lines' amounts; the tax is the taxable lines' sum × the rate (a percentage),
// rounded half up once; the total is subtotal + tax. decimal.js all the way: JS numbers are only
// read in and written out, so totals and balances agree to the cent however many lines.
import { Decimal as DecimalJs } from 'decimal.js';

const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
type Decimal = DecimalJs;

const dec = (value: number | string | Decimal): Decimal => new Decimal(value);
const cents = (value: Decimal): number => value.toDecimalPlaces(2, DecimalJs.ROUND_HALF_UP).toNumber();

/** Most decimals a value of each kind may carry. */
export const DECIMALS = { amount: 2, quantity: 3, rate: 4, taxRate: 4 } as const;

/** Whether the number has at most `places` decimals as it prints (2.675 has 3). */
export function hasAtMostDecimals(value: number, places: number): boolean {
  return dec(value).decimalPlaces() <= places;
}

/** quantity × rate, half up to the cent. */
export function lineAmount(quantity: number, rate: number): number {
  return cents(dec(quantity).times(dec(rate)));
}

export interface TotalsLine {
  amount: number;
  isTaxable: boolean;
}

export interface InvoiceTotals {
  subtotal: number;
  taxableSubtotal: number;
  taxAmount: number;
  total: number;
}

/** The invoice's totals from its lines' amounts and the tax rate in percent (8.25 is 8.25 %). */
export function invoiceTotals(lines: readonly TotalsLine[], taxRatePercent: number): InvoiceTotals {
  let subtotal = dec(0);
  let taxable = dec(0);
  for (const line of lines) {
    subtotal = subtotal.plus(dec(line.amount));
    if (line.isTaxable) taxable = taxable.plus(dec(line.amount));
  }
  // A discount may bring the taxable sum below zero: no negative tax.
  const taxBase = DecimalJs.max(taxable, 0);
  const tax = dec(cents(taxBase.times(dec(taxRatePercent)).dividedBy(100)));
  return { subtotal: cents(subtotal), taxableSubtotal: cents(taxable), taxAmount: tax.toNumber(), total: cents(subtotal.plus(tax)) };
}

/** a − b to the cent (a balance). */
export function minus(a: number, b: number): number {
  return cents(dec(a).minus(dec(b)));
}

/** The sum to the cent. */
export function sum(values: readonly number[]): number {
  return cents(values.reduce((n, v) => n.plus(dec(v)), dec(0)));
}
