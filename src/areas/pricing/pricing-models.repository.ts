// SQL of pricing models, their mileage bands and country-pair rates, through the company door.
import type { Tenant } from '../../db/tenant.js';
import { companyRecords } from '../../platform/records.js';
import type { IntlRateRow, MileageChargeRow, PricingModelRow } from './pricing-models.schemas.js';

const MODEL_COLUMNS = [
  'id',
  'customer_id',
  'name',
  'currency',
  'distance_unit',
  'base_charge',
  'mileage_mode',
  'minimum_linehaul',
  'created_at',
  'updated_at',
] as const;
const BAND_COLUMNS = ['id', 'pricing_model_id', 'from_distance', 'to_distance', 'rate_per_unit', 'minimum_charge'] as const;
const INTL_COLUMNS = ['id', 'pricing_model_id', 'from_country', 'to_country', 'flat_amount', 'rate_per_unit', 'minimum_charge'] as const;

export type ModelValues = Omit<PricingModelRow, 'id' | 'customer_id' | 'created_at' | 'updated_at'>;
export type BandValues = Omit<MileageChargeRow, 'id' | 'pricing_model_id'>;
export type IntlValues = Omit<IntlRateRow, 'id' | 'pricing_model_id'>;

const models = (t: Tenant) => t.select('pricing_models').select(MODEL_COLUMNS);

/** Pricing models by id: the company default and customers' own models. */
export const pricingModelRecords = companyRecords<PricingModelRow>({
  name: 'pricing_model',
  what: 'Pricing model',
  read: (t, ids) => models(t).where('id', 'in', ids).execute() as Promise<PricingModelRow[]>,
});

/** Mileage bands by id (whichever model holds them; routes look a band up in its model). */
export const mileageChargeRecords = companyRecords<MileageChargeRow>({
  name: 'pricing_mileage_charge',
  what: 'Mileage charge',
  read: (t, ids) => t.select('pricing_mileage_charges').select(BAND_COLUMNS).where('id', 'in', ids).execute(),
});

/** Country-pair rates by id (whichever model holds them; routes look a rate up in its model). */
export const intlRateRecords = companyRecords<IntlRateRow>({
  name: 'pricing_intl_rate',
  what: 'International rate',
  read: (t, ids) => t.select('pricing_intl_rates').select(INTL_COLUMNS).where('id', 'in', ids).execute(),
});

/** The company default (customerId null) or the customer's own model. */
export function findModelOf(t: Tenant, customerId: number | null): Promise<PricingModelRow | undefined> {
  const q = models(t);
  return (customerId === null ? q.where('customer_id', 'is', null) : q.where('customer_id', '=', customerId)).executeTakeFirst() as Promise<
    PricingModelRow | undefined
  >;
}

export const findModel = (t: Tenant, id: number): Promise<PricingModelRow | undefined> => pricingModelRecords.find(t, id);

/** Locks the model row: concurrent band edits of one model apply one after the other. */
export async function lockModel(t: Tenant, id: number): Promise<void> {
  await t.select('pricing_models').select('id').where('id', '=', id).forUpdate().execute();
}

export function bandsOf(t: Tenant, modelId: number): Promise<MileageChargeRow[]> {
  return t.select('pricing_mileage_charges').select(BAND_COLUMNS).where('pricing_model_id', '=', modelId).orderBy('from_distance').orderBy('id').execute();
}

export function intlRatesOf(t: Tenant, modelId: number): Promise<IntlRateRow[]> {
  return t.select('pricing_intl_rates').select(INTL_COLUMNS).where('pricing_model_id', '=', modelId).orderBy('from_country').orderBy('to_country').execute();
}

/** The default (customerId null) or the customer's own model; null when a concurrent request made
 *  that model first (its transaction has committed by then: read it again). */
export async function insertModel(t: Tenant, customerId: number | null, values: ModelValues): Promise<number | null> {
  const row = await t
    .insert('pricing_models', { customer_id: customerId, ...values })
    .onConflict((oc) =>
      (customerId === null
        ? oc.column('company_id').where('customer_id', 'is', null)
        : oc.columns(['company_id', 'customer_id']).where('customer_id', 'is not', null)
      ).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function updateModel(t: Tenant, id: number, values: Partial<ModelValues>): Promise<void> {
  await t
    .update('pricing_models')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteModel(t: Tenant, id: number): Promise<void> {
  await t.delete('pricing_models').where('id', '=', id).execute();
}

export async function replaceBands(t: Tenant, modelId: number, bands: BandValues[]): Promise<void> {
  await t.delete('pricing_mileage_charges').where('pricing_model_id', '=', modelId).execute();
  if (bands.length > 0)
    await t
      .insert(
        'pricing_mileage_charges',
        bands.map((b) => ({ pricing_model_id: modelId, ...b })),
      )
      .execute();
}

export async function insertBand(t: Tenant, modelId: number, band: BandValues): Promise<void> {
  await t.insert('pricing_mileage_charges', { pricing_model_id: modelId, ...band }).execute();
}

export async function setBandEnd(t: Tenant, modelId: number, bandId: number, end: number): Promise<void> {
  await t.update('pricing_mileage_charges').set({ to_distance: end }).where('pricing_model_id', '=', modelId).where('id', '=', bandId).execute();
}

export async function deleteBand(t: Tenant, modelId: number, bandId: number): Promise<void> {
  await t.delete('pricing_mileage_charges').where('pricing_model_id', '=', modelId).where('id', '=', bandId).execute();
}

export async function replaceIntlRates(t: Tenant, modelId: number, rates: IntlValues[]): Promise<void> {
  await t.delete('pricing_intl_rates').where('pricing_model_id', '=', modelId).execute();
  if (rates.length > 0)
    await t
      .insert(
        'pricing_intl_rates',
        rates.map((r) => ({ pricing_model_id: modelId, ...r })),
      )
      .execute();
}

/** Adds the pair's rate, or replaces the rate the model already has for that pair. */
export async function upsertIntlRate(t: Tenant, modelId: number, rate: IntlValues): Promise<void> {
  await t
    .insert('pricing_intl_rates', { pricing_model_id: modelId, ...rate })
    .onConflict((oc) =>
      oc.columns(['company_id', 'pricing_model_id', 'from_country', 'to_country']).doUpdateSet({
        flat_amount: rate.flat_amount,
        rate_per_unit: rate.rate_per_unit,
        minimum_charge: rate.minimum_charge,
      }),
    )
    .execute();
}

export async function updateIntlRate(t: Tenant, id: number, rate: IntlValues): Promise<void> {
  await t.update('pricing_intl_rates').set(rate).where('id', '=', id).execute();
}

export async function deleteIntlRate(t: Tenant, modelId: number, rateId: number): Promise<number> {
  const r = await t.delete('pricing_intl_rates').where('pricing_model_id', '=', modelId).where('id', '=', rateId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function touchModel(t: Tenant, id: number): Promise<void> {
  await t.update('pricing_models').set({ updated_at: new Date() }).where('id', '=', id).execute();
}
