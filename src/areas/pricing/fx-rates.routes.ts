// FX rates (part 1, "Pricing", the FxRates rows).
import { permission } from '../../platform/access.js';
import { None } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Id, Type } from '../../platform/schemas.js';
import { fxRateRecords } from './fx-rates.repository.js';
import { FxRate, FxRateInput, FxRatesQuery } from './fx-rates.schemas.js';
import type { FxRatesService } from './fx-rates.service.js';

const VIEW = permission('Zones - view Zones');
const EDIT = permission('Zones - create/edit/delete Zones');

export function fxRateRoutes(rates: FxRatesService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/FxRates',
      access: VIEW,
      summary: 'List FX rates',
      description: 'Newest first (by day, then by entry); fromCurrency and toCurrency narrow to a pair.',
      querystring: FxRatesQuery,
      response: Type.Array(FxRate),
      handler: ({ tenant, query }) => rates.list(tenant, query),
    }),
    defineRoute({
      method: 'POST',
      url: '/FxRates',
      access: EDIT,
      summary: 'Enter an FX rate',
      description: 'Adds the rate of the pair for the day (today, UTC, unless date is given), or replaces the one entered for that pair on that day.',
      body: FxRateInput,
      response: FxRate,
      handler: ({ tenant, body }) => rates.put(tenant, body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/FxRates/:id',
      access: EDIT,
      ids: { params: { id: fxRateRecords } },
      summary: 'Delete an FX rate',
      params: Type.Object({ id: Id }),
      response: None,
      handler: ({ tenant, found }) => rates.remove(tenant, found.one(fxRateRecords)),
    }),
  ];
}
