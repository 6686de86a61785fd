// SQL of FX rates, through the company door: newest first; one rate per pair per day.
import type { Tenant } from '../../db/tenant.js';
import { companyRecords } from '../../platform/records.js';
import type { FxRateRow } from './fx-rates.schemas.js';

const COLUMNS = ['id', 'from_currency', 'to_currency', 'rate', 'rate_date', 'created_by', 'created_at'] as const;

const rates = (t: Tenant) => t.select('fx_rates').select(COLUMNS);

export const fxRateRecords = companyRecords<FxRateRow>({
  name: 'fx_rate',
  what: 'FX rate',
  read: (t, ids) => rates(t).where('id', 'in', ids).execute(),
});

export function listRates(t: Tenant, from: string | null, to: string | null): Promise<FxRateRow[]> {
  let q = rates(t);
  if (from) q = q.where('from_currency', '=', from);
  if (to) q = q.where('to_currency', '=', to);
  return q.orderBy('rate_date', 'desc').orderBy('id', 'desc').execute();
}

/** The pair's rate for the day: added, or the one entered that day replaced. */
export async function putRate(t: Tenant, values: { from_currency: string; to_currency: string; rate: number; rate_date: string }): Promise<number> {
  const row = await t
    .insert('fx_rates', { created_by: t.userId, ...values })
    .onConflict((oc) =>
      oc
        .columns(['company_id', 'from_currency', 'to_currency', 'rate_date'])
        .doUpdateSet({ rate: values.rate, created_by: t.userId, created_at: new Date() } as never),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteRate(t: Tenant, id: number): Promise<void> {
  await t.delete('fx_rates').where('id', '=', id).execute();
}
