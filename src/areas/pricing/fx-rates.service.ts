// Rules of FX rates: codes upper-cased, two different currencies, the day defaults to today (UTC);
// a second rate for a pair on a day replaces the first (its id stays).
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { invalid } from '../../platform/errors.js';
import * as repo from './fx-rates.repository.js';
import { type FxRateInputT, type FxRateRow, type FxRatesQueryT, type FxRateT, toFxRate } from './fx-rates.schemas.js';

export function fxRatesService(today: () => string = () => new Date().toISOString().slice(0, 10)) {
  return {
    async list(t: Tenant, q: FxRatesQueryT): Promise<FxRateT[]> {
      return (await repo.listRates(t, q.fromCurrency?.toUpperCase() ?? null, q.toCurrency?.toUpperCase() ?? null)).map(toFxRate);
    },

    async put(t: Tenant, input: FxRateInputT): Promise<FxRateT> {
      const from = input.fromCurrency.toUpperCase();
      const to = input.toCurrency.toUpperCase();
      if (from === to) throw invalid('toCurrency', `A rate converts between two different currencies (${from} given twice).`);
      const id = await repo.putRate(t, { from_currency: from, to_currency: to, rate: input.rate, rate_date: input.date ?? today() });
      const after = toFxRate(await repo.fxRateRecords.reread(t, id));
      await audit(t, { action: 'fx_rate.put', entityType: 'fx_rate', entityId: id, after });
      return after;
    },

    /** `row`: as the route's gate read it. */
    async remove(t: Tenant, row: FxRateRow): Promise<void> {
      const id = row.id;
      await repo.deleteRate(t, id);
      await audit(t, { action: 'fx_rate.delete', entityType: 'fx_rate', entityId: id, before: toFxRate(row) });
    },
  };
}

export type FxRatesService = ReturnType<typeof fxRatesService>;
