// Exact arithmetic for prices. Every value on the way to a line's amount is an exact fraction of two
// decimals (numerator / denominator): products and sums of decimals are exact at this precision, and
// the divisions (km ↔ mi, kg ↔ lb, an FX pair read backwards, a percentage) only grow the
// denominator. Nothing is rounded until a line's amount is taken: one division, then half-up to
// cents. Binary floating point never touches money; JS numbers are only read in and written out.
import { Decimal as DecimalJs } from 'decimal.js';

/** Our own Decimal constructor: the global one's settings stay untouched for anyone else. 200
 *  significant digits hold the exact product of a dozen 17-digit factors. */
export const Decimal = DecimalJs.clone({ precision: 200, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -250, toExpPos: 250 });
export type Decimal = DecimalJs;

/** A JS number read as the decimal it prints as: 2.675 is 2.675, not 2.67499999999999982236431605997495353221893310546875. */
export const dec = (value: number | string): Decimal => new Decimal(value);

/** An exact rational value. The denominator is always positive. */
export class Exact {
  private constructor(
    readonly num: Decimal,
    readonly den: Decimal,
  ) {}

  static of(value: number | Decimal): Exact {
    return new Exact(typeof value === 'number' ? dec(value) : value, ONE);
  }

  static ratio(num: number | Decimal, den: number | Decimal): Exact {
    return Exact.of(num).div(Exact.of(den));
  }

  times(other: Exact): Exact {
    return new Exact(this.num.times(other.num), this.den.times(other.den));
  }

  div(other: Exact): Exact {
    if (other.num.isZero()) throw new Error('division by zero');
    const sign = other.num.isNegative() ? -1 : 1;
    return new Exact(this.num.times(other.den).times(sign), this.den.times(other.num).times(sign));
  }

  plus(other: Exact): Exact {
    if (this.den.equals(other.den)) return new Exact(this.num.plus(other.num), this.den);
    return new Exact(this.num.times(other.den).plus(other.num.times(this.den)), this.den.times(other.den));
  }

  minus(other: Exact): Exact {
    return this.plus(new Exact(other.num.negated(), other.den));
  }

  /** -1, 0 or 1 as this is below, equal to or above `other`. */
  cmp(other: Exact): number {
    return this.num.times(other.den).cmp(other.num.times(this.den));
  }

  max(other: Exact): Exact {
    return this.cmp(other) >= 0 ? this : other;
  }

  isZero(): boolean {
    return this.num.isZero();
  }

  /** The one rounding: half-up (away from zero) to cents. */
  toCents(): Decimal {
    return this.num.div(this.den).toDecimalPlaces(2, DecimalJs.ROUND_HALF_UP);
  }

  /** For display only (quantities, unit prices): the nearest JS number. */
  toNumber(): number {
    return plain(this.num.div(this.den).toNumber());
  }
}

const ONE = new Decimal(1);
export const ZERO = Exact.of(0);

/** Cents as the JS number that prints as them (never -0). */
export function amountOut(cents: Decimal): number {
  return plain(cents.toDecimalPlaces(2, DecimalJs.ROUND_HALF_UP).toNumber());
}

/** Sum of rounded amounts: exact, since each has at most two decimals. */
export function sumCents(amounts: Decimal[]): Decimal {
  return amounts.reduce((sum, a) => sum.plus(a), new Decimal(0));
}

const plain = (n: number): number => (n === 0 ? 0 : n);
