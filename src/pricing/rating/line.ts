// One quote line: quantity × unit price, raised to the line's minimum, rounded half-up to cents
// once. Prices come in already converted to the quote currency (an exact product, so converting
// first and rounding last is the same as rounding the converted amount).

import type { LineFx, QuoteLine } from './model.js';
import { amountOut, type Decimal, type Exact } from './money.js';

/** A line with its amount kept as a Decimal, for exact sums. */
export interface PricedLine {
  line: QuoteLine;
  cents: Decimal;
}

export interface LineSpec {
  code: string;
  description: string;
  quantity: Exact;
  /** In the quote currency. */
  unitPrice: Exact;
  /** In the quote currency; null: none. */
  minimum?: Exact | null;
  currency: string;
  chargeId?: number;
  fx?: LineFx;
}

export function priceLine(spec: LineSpec): PricedLine {
  const priced = spec.quantity.times(spec.unitPrice);
  const minimumApplied = spec.minimum != null && spec.minimum.cmp(priced) > 0;
  const cents = (minimumApplied ? spec.minimum! : priced).toCents();
  return {
    cents,
    line: {
      code: spec.code,
      description: spec.description,
      quantity: spec.quantity.toNumber(),
      unitPrice: spec.unitPrice.toNumber(),
      amount: amountOut(cents),
      currency: spec.currency,
      ...(spec.chargeId !== undefined ? { chargeId: spec.chargeId } : {}),
      ...(minimumApplied ? { minimumApplied: true } : {}),
      ...(spec.fx ? { fx: spec.fx } : {}),
    },
  };
}

/** A line whose amount was settled by its own rule (an adjustment to a minimum, the shipment type's
 *  multiplier): quantity and unit price describe it. */
export function settledLine(code: string, description: string, quantity: Exact, unitPrice: Exact, cents: Decimal, currency: string, fx?: LineFx): PricedLine {
  return {
    cents,
    line: {
      code,
      description,
      quantity: quantity.toNumber(),
      unitPrice: unitPrice.toNumber(),
      amount: amountOut(cents),
      currency,
      ...(fx ? { fx } : {}),
    },
  };
}

/** The `code` of every kind of line, in the order lines appear in a quote. */
export const LINE_CODES = {
  zone: 'ZONE',
  intl: 'INTL',
  base: 'BASE',
  mileage: 'MILEAGE',
  minimumLinehaul: 'MINIMUM_LINEHAUL',
  shipmentType: 'SHIPMENT_TYPE',
  accessorial: 'ACCESSORIAL',
} as const;
