// SQL of FX rates, in the company's transaction: newest first; one rate per pair per day.
import type { Tenant } from '../../db/tenant.js';
import type { FxRateRow } from './fx-rates.schemas.js';

const COLUMNS = ['id', 'from_currency', 'to_currency', 'rate', 'rate_date', 'created_by', 'created_at'] as const;

export function listRates(t: Tenant, from: string | null, to: string | null): Promise<FxRateRow[]> {
  let q = t.db.selectFrom('fx_rates').select(COLUMNS).where('company_id', '=', t.companyId);
  if (from) q = q.where('from_currency', '=', from);
  if (to) q = q.where('to_currency', '=', to);
  return q.orderBy('rate_date', 'desc').orderBy('id', 'desc').execute();
}

export function findRate(t: Tenant, id: number): Promise<FxRateRow | undefined> {
  return t.db.selectFrom('fx_rates').select(COLUMNS).where('company_id', '=', t.companyId).where('id', '=', id).executeTakeFirst();
}

/** The pair's rate for the day: added, or the one entered that day replaced. */
export async function putRate(t: Tenant, values: { from_currency: string; to_currency: string; rate: number; rate_date: string }): Promise<number> {
  const row = await t.db.insertInto('fx_rates').values({ company_id: t.companyId, created_by: t.userId, ...values })
    .onConflict((oc) => oc.columns(['company_id', 'from_currency', 'to_currency', 'rate_date'])
      .doUpdateSet({ rate: values.rate, created_by: t.userId, created_at: new Date() } as never))
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteRate(t: Tenant, id: number): Promise<void> {
  await t.db.deleteFrom('fx_rates').where('company_id', '=', t.companyId).where('id', '=', id).execute();
}
