// Currency conversion of a line's prices into the quote currency. The rate of a pair is the newest
// one dated on or before the quote's date; a pair stored only the other way round is read
// backwards (amounts divided by its rate, exactly). A missing pair is an error that names it: a
// quote is never priced with a guessed or absent rate.
import { currencyCode, dayNumber, isoDate, list, positive } from './checks.js';
import { type FxRate, type LineFx, RatingError } from './model.js';
import { Exact } from './money.js';

/** A rate older than this many days before the quote date still prices, with a warning. */
export const STALE_FX_DAYS = 30;

/** How to turn an amount of some currency into the quote currency: multiply by `factor`. */
export interface Conversion {
  factor: Exact;
  /** The stored rate used; absent when the currency already is the quote's. */
  fx?: LineFx;
}

export type Convert = (from: string) => Conversion;

const SAME: Conversion = { factor: Exact.of(1) };

/** A converter into `to` at `asOf`. Every FX rate is checked up front; a pair is looked up when a
 *  line first needs it, so a missing pair fails only a quote that uses it. */
export function converter(rates: FxRate[], asOf: string, to: string, warnings: string[]): Convert {
  const checked = list<FxRate>(rates, 'fx').map((r, i) => checkRate(r, `fx[${i}]`));
  const known = new Map<string, Conversion>();
  return (from) => {
    if (from === to) return SAME;
    let conversion = known.get(from);
    if (!conversion) {
      conversion = lookUp(checked, from, to, asOf, warnings);
      known.set(from, conversion);
    }
    return conversion;
  };
}

function checkRate(rate: FxRate, field: string): FxRate {
  if (!rate || typeof rate !== 'object') throw new RatingError(field, `${field} must be an FX rate.`);
  const from = currencyCode(rate.from, `${field}.from`);
  const to = currencyCode(rate.to, `${field}.to`);
  if (from === to) throw new RatingError(field, `${field} converts ${from} to itself.`);
  return { from, to, rate: positive(rate.rate, `${field}.rate`), date: isoDate(rate.date, `${field}.date`) };
}

function lookUp(rates: FxRate[], from: string, to: string, asOf: string, warnings: string[]): Conversion {
  const direct = newest(rates, from, to, asOf);
  const inverse = direct ? null : newest(rates, to, from, asOf);
  const used = direct ?? inverse;
  if (!used) {
    throw new RatingError('fx', `No FX rate from ${from} to ${to} (or from ${to} to ${from}) dated on or before ${asOf}.`);
  }
  const age = dayNumber(asOf)! - dayNumber(used.date)!;
  if (age > STALE_FX_DAYS) {
    warnings.push(`The FX rate ${used.from} to ${used.to} of ${used.date} is ${age} days older than the quote date ${asOf}.`);
  }
  return {
    factor: direct ? Exact.of(used.rate) : Exact.ratio(1, used.rate),
    fx: { from: used.from, to: used.to, rate: used.rate, date: used.date, inverse: !direct },
  };
}

/** The newest rate of the pair dated on or before `asOf`. Two different rates of the same pair on
 *  that day are ambiguous: an error, never a pick. */
function newest(rates: FxRate[], from: string, to: string, asOf: string): FxRate | null {
  const pair = rates.filter((r) => r.from === from && r.to === to && r.date <= asOf);
  if (pair.length === 0) return null;
  const date = pair.reduce((d, r) => (r.date > d ? r.date : d), pair[0]!.date);
  const that = pair.filter((r) => r.date === date);
  const other = that.find((r) => r.rate !== that[0]!.rate);
  if (other) {
    throw new RatingError('fx', `Two different FX rates from ${from} to ${to} are dated ${date} (${that[0]!.rate} and ${other.rate}).`);
  }
  return that[0]!;
}
