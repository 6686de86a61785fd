// How a driver is paid (DriverPayoutTypes, part 1's shared list parameters): the payout type and
// the rates it is computed from. Dispatch and expenses compute route payouts from these fields, so
// each type's formula is written here once — in the schema's descriptions (the reference page),
// in PAYOUT_RATES (what the service requires) and in migration 0011's CHECK (the backstop).
import { Decimal } from 'decimal.js';
import type { Selectable } from 'kysely';
import { invalid, ValidationError } from '../../platform/errors.js';
import { NameEnum, Nullable, Opt, type Static, Type } from '../../platform/schemas.js';
import type { DriversTable } from './drivers.tables.js';

export const DRIVER_PAYOUT_TYPES = [
  'Hourly',
  'FixedSalary',
  'Distance',
  'FixDistance',
  'FixHourly',
  'Percent',
  'DistanceAndPercent',
  'FixedCost',
  'Pallets',
] as const;
export type DriverPayoutType = (typeof DRIVER_PAYOUT_TYPES)[number];
export const SALARY_PERIODS = ['Weekly', 'Biweekly', 'SemiMonthly', 'Monthly', 'Yearly'] as const;
export const DISTANCE_UNITS = ['mi', 'km'] as const;

type Rate = 'hourlyRate' | 'salaryAmount' | 'salaryPeriod' | 'ratePerDistance' | 'revenuePercent' | 'fixedCostPerRoute' | 'ratePerPallet';

/** The fields each type is computed from: required when the driver has that type. */
export const PAYOUT_RATES: Record<DriverPayoutType, readonly Rate[]> = {
  Hourly: ['hourlyRate'],
  FixedSalary: ['salaryAmount', 'salaryPeriod'],
  Distance: ['ratePerDistance'],
  FixDistance: ['fixedCostPerRoute', 'ratePerDistance'],
  FixHourly: ['fixedCostPerRoute', 'hourlyRate'],
  Percent: ['revenuePercent'],
  DistanceAndPercent: ['ratePerDistance', 'revenuePercent'],
  FixedCost: ['fixedCostPerRoute'],
  Pallets: ['ratePerPallet'],
};

/** A route's payout for each type (hours, distance, revenue and pallets as TYPE_TEXT defines them). */
const FORMULAS: Record<DriverPayoutType, string> = {
  Hourly: 'hourlyRate × hours',
  FixedSalary: 'salaryAmount every salaryPeriod, paid by period; a route adds nothing',
  Distance: 'ratePerDistance × distance',
  FixDistance: 'fixedCostPerRoute + ratePerDistance × distance',
  FixHourly: 'fixedCostPerRoute + hourlyRate × hours',
  Percent: 'revenuePercent % of revenue',
  DistanceAndPercent: 'ratePerDistance × distance + revenuePercent % of revenue',
  FixedCost: 'fixedCostPerRoute',
  Pallets: 'ratePerPallet × pallets',
};

const TYPE_TEXT =
  `How a route's payout is computed: ${DRIVER_PAYOUT_TYPES.map((k) => `${k}: ${FORMULAS[k]}`).join('; ')}. ` +
  "Hours run from the route's start to its end; distance is the route's driven distance in distanceUnit; revenue is the price of the orders the route carries, before tax; " +
  'pallets are those the route delivers. The rates a type names are required; the others are kept but not used.';

const d = {
  hourlyRate: 'Pay per hour on a route (Hourly, FixHourly).',
  salaryAmount: 'Salary paid every salaryPeriod (FixedSalary).',
  salaryPeriod: 'How often salaryAmount is paid (FixedSalary): Weekly, Biweekly (every two weeks), SemiMonthly (twice a month), Monthly, Yearly.',
  ratePerDistance: 'Pay per mile or kilometre driven, per distanceUnit (Distance, FixDistance, DistanceAndPercent), up to 4 decimals ($0.6250 per mile).',
  distanceUnit: 'The unit of ratePerDistance: mi (default) or km.',
  revenuePercent: "Percent of the route's revenue, more than 0 and at most 100 (Percent, DistanceAndPercent).",
  fixedCostPerRoute: 'Fixed pay per route (FixedCost; the fixed part of FixDistance and FixHourly).',
  ratePerPallet: 'Pay per pallet delivered (Pallets).',
  currency: 'ISO 4217 currency of the amounts; default USD.',
};

export const DriverPayout = Type.Object(
  {
    type: NameEnum(DRIVER_PAYOUT_TYPES, { description: TYPE_TEXT }),
    hourlyRate: Nullable(Type.Number({ description: d.hourlyRate })),
    salaryAmount: Nullable(Type.Number({ description: d.salaryAmount })),
    salaryPeriod: Nullable(NameEnum(SALARY_PERIODS, { description: d.salaryPeriod })),
    ratePerDistance: Nullable(Type.Number({ description: d.ratePerDistance })),
    distanceUnit: NameEnum(DISTANCE_UNITS, { description: d.distanceUnit }),
    revenuePercent: Nullable(Type.Number({ description: d.revenuePercent })),
    fixedCostPerRoute: Nullable(Type.Number({ description: d.fixedCostPerRoute })),
    ratePerPallet: Nullable(Type.Number({ description: d.ratePerPallet })),
    currency: Type.String({ description: d.currency }),
  },
  { description: 'How the driver is paid for routes; dispatch and expenses compute route payouts from it.' },
);
export type DriverPayoutT = Static<typeof DriverPayout>;

const amount = (max: number, description: string) => Opt(Type.Number({ minimum: 0, maximum: max, description }));

export const DriverPayoutInput = Type.Object(
  {
    type: NameEnum(DRIVER_PAYOUT_TYPES, { description: TYPE_TEXT }),
    hourlyRate: amount(99999999.99, d.hourlyRate),
    salaryAmount: amount(999999999999.99, d.salaryAmount),
    salaryPeriod: Opt(NameEnum(SALARY_PERIODS, { description: d.salaryPeriod })),
    ratePerDistance: amount(999999.9999, d.ratePerDistance),
    distanceUnit: Opt(NameEnum(DISTANCE_UNITS, { description: d.distanceUnit })),
    revenuePercent: Opt(Type.Number({ exclusiveMinimum: 0, maximum: 100, description: d.revenuePercent })),
    fixedCostPerRoute: amount(999999999999.99, d.fixedCostPerRoute),
    ratePerPallet: amount(99999999.99, d.ratePerPallet),
    currency: Opt(Type.String({ pattern: '^\\s*[A-Za-z]{3}\\s*$', description: d.currency })),
  },
  { description: "The payout type and its rates; sent whole (a PUT replaces the driver's payout with it)." },
);
export type DriverPayoutInputT = Static<typeof DriverPayoutInput>;

/** The payout columns of a driver. */
export type PayoutColumns = Pick<
  Selectable<DriversTable>,
  | 'payout_type'
  | 'hourly_rate'
  | 'salary_amount'
  | 'salary_period'
  | 'rate_per_distance'
  | 'distance_unit'
  | 'revenue_percent'
  | 'fixed_cost_per_route'
  | 'rate_per_pallet'
  | 'payout_currency'
>;

/** Columns of a payout (null: none), refused with every missing rate named when its type needs it. */
export function payoutColumns(p: DriverPayoutInputT | null | undefined): PayoutColumns {
  if (!p) {
    return {
      payout_type: null,
      hourly_rate: null,
      salary_amount: null,
      salary_period: null,
      rate_per_distance: null,
      distance_unit: 'mi',
      revenue_percent: null,
      fixed_cost_per_route: null,
      rate_per_pallet: null,
      payout_currency: 'USD',
    };
  }
  const missing = payoutProblems(p);
  if (missing.length > 0) throw new ValidationError(Object.fromEntries(missing.map(([field, message]) => [`payout.${field}`, [message]])));
  const currency = p.currency?.trim().toUpperCase() || 'USD';
  if (!/^[A-Z]{3}$/.test(currency)) throw invalid('payout.currency', 'The currency is an ISO 4217 code (USD).');
  return {
    payout_type: p.type,
    hourly_rate: p.hourlyRate ?? null,
    salary_amount: p.salaryAmount ?? null,
    salary_period: p.salaryPeriod ?? null,
    rate_per_distance: p.ratePerDistance ?? null,
    distance_unit: p.distanceUnit ?? 'mi',
    revenue_percent: p.revenuePercent ?? null,
    fixed_cost_per_route: p.fixedCostPerRoute ?? null,
    rate_per_pallet: p.ratePerPallet ?? null,
    payout_currency: currency,
  };
}

/** The rates the payout's type needs that it lacks: [field, message]. */
export function payoutProblems(p: DriverPayoutInputT): Array<[Rate, string]> {
  return PAYOUT_RATES[p.type]
    .filter((field) => p[field] === null || p[field] === undefined)
    .map((field) => [field, `The ${p.type} payout is computed as ${FORMULAS[p.type]}: ${field} is required.`]);
}

export function toDriverPayout(r: PayoutColumns): DriverPayoutT | null {
  if (!r.payout_type) return null;
  return {
    type: r.payout_type as DriverPayoutType,
    hourlyRate: r.hourly_rate,
    salaryAmount: r.salary_amount,
    salaryPeriod: r.salary_period as DriverPayoutT['salaryPeriod'],
    ratePerDistance: r.rate_per_distance,
    distanceUnit: r.distance_unit as DriverPayoutT['distanceUnit'],
    revenuePercent: r.revenue_percent,
    fixedCostPerRoute: r.fixed_cost_per_route,
    ratePerPallet: r.rate_per_pallet,
    currency: r.payout_currency,
  };
}

/** What a route's payout is computed from (TYPE_TEXT says what each is). */
export interface RouteBasis {
  hours: number;
  distanceMeters: number;
  revenue: number;
  pallets: number;
}

const METERS_PER = { mi: 1609.344, km: 1000 } as const;

/** A route's payout by the driver's type (FORMULAS), exact to the cent (half up); FixedSalary is
 *  paid by period, so a route adds 0. */
export function routePayout(p: DriverPayoutT, basis: RouteBasis): number {
  const n = (v: number | null | undefined) => new Decimal(v ?? 0);
  const hours = n(basis.hours);
  const distance = n(basis.distanceMeters).div(METERS_PER[p.distanceUnit]);
  const share = n(p.revenuePercent).div(100).times(n(basis.revenue));
  const fixed = n(p.fixedCostPerRoute);
  const amounts: Record<DriverPayoutType, Decimal> = {
    Hourly: n(p.hourlyRate).times(hours),
    FixedSalary: new Decimal(0),
    Distance: n(p.ratePerDistance).times(distance),
    FixDistance: fixed.plus(n(p.ratePerDistance).times(distance)),
    FixHourly: fixed.plus(n(p.hourlyRate).times(hours)),
    Percent: share,
    DistanceAndPercent: n(p.ratePerDistance).times(distance).plus(share),
    FixedCost: fixed,
    Pallets: n(p.ratePerPallet).times(n(basis.pallets)),
  };
  return amounts[p.type].toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
}
