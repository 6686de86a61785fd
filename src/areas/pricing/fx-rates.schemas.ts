// FX rates (part 1, "Pricing"; model not shown there, designed here): the company's own exchange
// rates, one per currency pair per day. Pricing converts a rule's currency to the quote's with the
// newest rate dated on or before the quote's date (the inverse pair when only it exists).
import { DateTime, Day, Id, Opt, type Static, Type } from '../../platform/schemas.js';
import { Currency } from './pricing-models.schemas.js';

export const FxRate = Type.Object(
  {
    id: Id,
    fromCurrency: Type.String({ description: 'ISO 4217 code of the currency converted from.' }),
    toCurrency: Type.String({ description: 'ISO 4217 code of the currency converted to.' }),
    rate: Type.Number({ description: 'Units of toCurrency for one unit of fromCurrency.' }),
    date: Type.String({ description: 'Day the rate was entered for, YYYY-MM-DD.' }),
    createdBy: Type.Union([Type.String(), Type.Null()], { description: 'Id of the user who entered the rate (last, when it was replaced that day).' }),
    createdAt: { ...DateTime, description: 'When the rate was entered (last replaced).' } as typeof DateTime,
  },
  {
    $id: 'FxRate',
    description:
      "An exchange rate of the company, one per currency pair per day. Pricing converts with the newest rate of the pair dated on or before the quote's day, " +
      'or reads the inverse pair backwards when only it exists.',
  },
);
export type FxRateT = Static<typeof FxRate>;

export const FxRateInput = Type.Object({
  fromCurrency: Currency,
  toCurrency: Currency,
  rate: Type.Number({
    minimum: 0.00000001,
    maximum: 1000000000,
    description: 'Units of toCurrency for one unit of fromCurrency; 8 decimals are kept, so at least 0.00000001.',
  }),
  date: Opt(Day({ description: 'Day the rate applies from; absent: today (UTC)' })),
});
export type FxRateInputT = Static<typeof FxRateInput>;

export const FxRatesQuery = Type.Object({
  fromCurrency: Type.Optional(Currency),
  toCurrency: Type.Optional(Currency),
});
export type FxRatesQueryT = Static<typeof FxRatesQuery>;

export interface FxRateRow {
  id: number;
  from_currency: string;
  to_currency: string;
  rate: number;
  rate_date: string;
  created_by: string | null;
  created_at: Date;
}

export const toFxRate = (r: FxRateRow): FxRateT => ({
  id: r.id,
  fromCurrency: r.from_currency,
  toCurrency: r.to_currency,
  rate: r.rate,
  date: r.rate_date,
  createdBy: r.created_by,
  createdAt: r.created_at,
});
