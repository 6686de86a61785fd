// Rules of pricing models: the company default (made with neutral values on first read), customer
// models derived from it (a copy made the first time a customer's pricing is changed, removed or
// reverted to the default's content on request), mileage bands that never overlap, one rate per
// country pair.
import { Decimal } from 'decimal.js';
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { invalid, notFound } from '../../platform/errors.js';
import { type CustomerRow, requireCustomer } from '../customers/index.js';
import * as repo from './pricing-models.repository.js';
import {
  type IntlRateInputT,
  type IntlRateRow,
  type MileageChargeInputT,
  type MileageChargeRefT,
  type PricingModelDtoT,
  type PricingModelInputT,
  type PricingModelRow,
  toPricingModel,
} from './pricing-models.schemas.js';

const DEFAULT_MODEL: repo.ModelValues = {
  name: 'Default pricing',
  currency: 'USD',
  distance_unit: 'mi',
  base_charge: 0,
  mileage_mode: 'tiered',
  minimum_linehaul: null,
};

const bandText = (b: { from_distance: number; to_distance: number | null }) => `${b.from_distance}–${b.to_distance ?? '∞'}`;

/**
 * Bands sorted by start, as the rating engine prices them: from 0, each starting where the one
 * before ends, only the last open-ended. Otherwise a 400 naming the first band at fault.
 */
export function checkBands(bands: repo.BandValues[], field = 'mileageCharges'): repo.BandValues[] {
  const sorted = [...bands].sort((a, b) => a.from_distance - b.from_distance);
  for (const b of sorted) {
    if (b.to_distance !== null && b.to_distance <= b.from_distance) throw invalid(field, `Band ${bandText(b)} ends before it starts.`);
  }
  if (sorted.length > 0 && sorted[0]!.from_distance !== 0) throw invalid(field, `The first band must start at 0 (it starts at ${sorted[0]!.from_distance}).`);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    const next = sorted[i]!;
    if (prev.to_distance === null || next.from_distance < prev.to_distance) {
      throw invalid(field, `Band ${bandText(next)} overlaps band ${bandText(prev)}.`);
    }
    if (next.from_distance > prev.to_distance)
      throw invalid(field, `Bands leave ${prev.to_distance}–${next.from_distance} unpriced: each band starts where the one before ends.`);
  }
  return sorted;
}

/** A distance as the database keeps it (2 decimals, half-up, the number read as the decimal it
 *  prints as), so bands are checked as they will be stored: 0–0.001 is a band ending where it starts. */
const storedDistance = (d: number): number => new Decimal(String(d)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();

const bandValues = (b: MileageChargeInputT): repo.BandValues => ({
  from_distance: storedDistance(b.fromDistance),
  to_distance: b.toDistance == null ? null : storedDistance(b.toDistance),
  rate_per_unit: b.ratePerUnit,
  minimum_charge: b.minimumCharge ?? null,
});

function intlValues(r: IntlRateInputT, field = 'intlRates'): repo.IntlValues {
  const from = r.fromCountry.toUpperCase();
  const to = r.toCountry.toUpperCase();
  if (from === to) throw invalid(field, `A country-pair rate needs two different countries (${from} given twice).`);
  const flat = r.flatAmount ?? null;
  const perUnit = r.ratePerUnit ?? null;
  if (flat === null && perUnit === null) throw invalid(field, `The ${from}→${to} rate needs a flatAmount or a ratePerUnit.`);
  return { from_country: from, to_country: to, flat_amount: flat, rate_per_unit: perUnit, minimum_charge: r.minimumCharge ?? null };
}

/** The routes' services take the records the request names as the id gate read them (route ids):
 *  a customer (active), a model, a country-pair rate. */
export function pricingModelsService() {
  async function ensureDefault(t: Tenant): Promise<PricingModelRow> {
    const found = await repo.findModelOf(t, null);
    if (found) return found;
    // Concurrent first reads: one makes the default, the others read it.
    await repo.insertModel(t, null, DEFAULT_MODEL);
    return (await repo.findModelOf(t, null))!;
  }

  async function dto(t: Tenant, m: PricingModelRow): Promise<PricingModelDtoT> {
    const [bands, intl] = await Promise.all([repo.bandsOf(t, m.id), repo.intlRatesOf(t, m.id)]);
    return toPricingModel(m, bands, intl);
  }

  /** A copy of the default's content, under `modelId` (a new customer model, or one reverted). */
  async function copyDefaultInto(t: Tenant, modelId: number, base: PricingModelRow): Promise<void> {
    const [bands, intl] = await Promise.all([repo.bandsOf(t, base.id), repo.intlRatesOf(t, base.id)]);
    await repo.replaceBands(
      t,
      modelId,
      bands.map(({ id: _id, pricing_model_id: _m, ...b }) => b),
    );
    await repo.replaceIntlRates(
      t,
      modelId,
      intl.map(({ id: _id, pricing_model_id: _m, ...r }) => r),
    );
  }

  /** The model a change for this customer applies to: the customer's own (derived from the
   *  default on first change) or (no customer) the default. */
  async function modelToChange(t: Tenant, customer: CustomerRow | undefined): Promise<PricingModelRow> {
    const base = await ensureDefault(t);
    if (customer === undefined) return base;
    const customerId = customer.id;
    const own = await repo.findModelOf(t, customerId);
    if (own) return own;
    const { id: _id, customer_id: _c, created_at: _ca, updated_at: _ua, ...values } = base;
    const id = await repo.insertModel(t, customerId, { ...values, name: `Pricing for ${customer.name}`.slice(0, 200) });
    // A concurrent first change derived it (with its copy of the default) and committed: use that.
    if (id === null) return (await repo.findModelOf(t, customerId))!;
    await copyDefaultInto(t, id, base);
    return (await repo.findModel(t, id))!;
  }

  async function changed(t: Tenant, action: string, before: PricingModelDtoT | null, modelId: number): Promise<PricingModelDtoT> {
    await repo.touchModel(t, modelId);
    const after = await dto(t, (await repo.findModel(t, modelId))!);
    await audit(t, { action: `pricing_model.${action}`, entityType: 'pricing_model', entityId: modelId, before, after });
    return after;
  }

  /** The customer's own model when it has one, else the company default. */
  async function readFor(t: Tenant, customer: CustomerRow | undefined): Promise<PricingModelDtoT> {
    const own = customer === undefined ? undefined : await repo.findModelOf(t, customer.id);
    return dto(t, own ?? (await ensureDefault(t)));
  }

  /** Saves the model of the customer customerId names (`customer`, required with it), else the default. */
  async function saveFor(t: Tenant, input: PricingModelInputT, customer: CustomerRow | undefined): Promise<PricingModelDtoT> {
    const bands = input.mileageCharges ? checkBands(input.mileageCharges.map(bandValues)) : null;
    const intl = input.intlRates ? input.intlRates.map((r) => intlValues(r)) : null;
    if (intl) {
      const pairs = new Set<string>();
      for (const r of intl) {
        const pair = `${r.from_country}→${r.to_country}`;
        if (pairs.has(pair)) throw invalid('intlRates', `The pair ${pair} is given twice.`);
        pairs.add(pair);
      }
    }
    const customerId = customer?.id ?? null;
    // id is checked against the model the change applies to, before a customer's model is
    // derived: a customer without a model of its own has none the id could name.
    if (input.id !== undefined && input.id !== null) {
      const current = await repo.findModelOf(t, customerId);
      if (current?.id !== input.id) {
        const which = customerId !== null ? `model of customer ${customerId}` : 'company default model';
        throw invalid('id', `Pricing model ${input.id} is not the ${which} (${current ? current.id : 'none yet'}).`);
      }
    }
    const model = await modelToChange(t, customer);
    await repo.lockModel(t, model.id);
    const before = await dto(t, model);
    const values: Partial<repo.ModelValues> = {};
    if (input.name) values.name = input.name.trim();
    if (input.currency) values.currency = input.currency.toUpperCase();
    if (input.distanceUnit) values.distance_unit = input.distanceUnit;
    if (input.baseCharge !== undefined && input.baseCharge !== null) values.base_charge = input.baseCharge;
    if (input.mileageMode) values.mileage_mode = input.mileageMode;
    if (input.minimumLinehaul !== undefined) values.minimum_linehaul = input.minimumLinehaul ?? null;
    await repo.updateModel(t, model.id, values);
    if (bands) await repo.replaceBands(t, model.id, bands);
    if (intl) await repo.replaceIntlRates(t, model.id, intl);
    return changed(t, 'save', before, model.id);
  }

  return {
    ensureDefault,

    readFor,

    /** readFor an active customer by id (404 when it is none), or the default: other areas read so (accounting). */
    read: async (t: Tenant, customerId: number | null): Promise<PricingModelDtoT> =>
      readFor(t, customerId === null ? undefined : await requireCustomer(t, customerId)),

    saveFor,

    /** saveFor an active customer by id (404 when it is none), or the default: other areas save so (accounting). */
    save: async (t: Tenant, input: PricingModelInputT): Promise<PricingModelDtoT> =>
      saveFor(t, input, input.customerId === null || input.customerId === undefined ? undefined : await requireCustomer(t, input.customerId)),

    /** Adds a band at the end; a band starting inside an open-ended last band ends that band
     *  where the new one starts (how bands are built one by one). */
    async addMileageCharge(t: Tenant, model: PricingModelRow, input: MileageChargeInputT): Promise<PricingModelDtoT> {
      const modelId = model.id;
      await repo.lockModel(t, modelId);
      const before = await dto(t, model);
      const band = bandValues(input);
      const bands = await repo.bandsOf(t, modelId);
      const last = bands[bands.length - 1];
      const splits = last !== undefined && last.to_distance === null && band.from_distance > last.from_distance;
      checkBands([...bands.map((b) => (splits && b === last ? { ...b, to_distance: band.from_distance } : b)), band], 'fromDistance');
      if (splits) await repo.setBandEnd(t, modelId, last.id, band.from_distance);
      await repo.insertBand(t, modelId, band);
      return changed(t, 'add_mileage_charge', before, modelId);
    },

    /** The band named (by id, the gate read it: a band of any model) must be one of the model's. */
    async removeMileageCharge(t: Tenant, model: PricingModelRow, ref: MileageChargeRefT): Promise<PricingModelDtoT> {
      const modelId = model.id;
      await repo.lockModel(t, modelId);
      if ((ref.id === undefined || ref.id === null) && (ref.fromDistance === undefined || ref.fromDistance === null)) {
        throw invalid('id', 'Name the band to remove by its id, or by its fromDistance (and toDistance).');
      }
      const bands = await repo.bandsOf(t, modelId);
      const band =
        ref.id !== undefined && ref.id !== null
          ? bands.find((b) => b.id === ref.id)
          : bands.find(
              (b) =>
                b.from_distance === storedDistance(ref.fromDistance!) &&
                (ref.toDistance === undefined || b.to_distance === (ref.toDistance == null ? null : storedDistance(ref.toDistance))),
            );
      if (!band) throw notFound('Mileage charge', ref.id ?? `${ref.fromDistance}–${ref.toDistance ?? ''}`);
      if (band !== bands[bands.length - 1]) {
        throw invalid(
          'id',
          `Removing band ${bandText(band)} would leave distances unpriced: remove the bands after it first, or send every band with POST /PricingModel.`,
        );
      }
      const before = await dto(t, model);
      await repo.deleteBand(t, modelId, band.id);
      return changed(t, 'remove_mileage_charge', before, modelId);
    },

    /** The customer returns to the company default: its own model is removed. */
    async deleteCustomerModel(t: Tenant, customer: CustomerRow): Promise<PricingModelDtoT> {
      const own = await repo.findModelOf(t, customer.id);
      if (own) {
        const before = await dto(t, own);
        await repo.deleteModel(t, own.id);
        await audit(t, { action: 'pricing_model.delete_customer_model', entityType: 'pricing_model', entityId: own.id, before });
      }
      return dto(t, await ensureDefault(t));
    },

    /** With id (a rate the gate read: of any model), a rate of the model the change applies to. */
    async putIntlRate(t: Tenant, customer: CustomerRow | undefined, input: IntlRateInputT): Promise<PricingModelDtoT> {
      const values = intlValues(input, 'fromCountry');
      const model = await modelToChange(t, customer);
      await repo.lockModel(t, model.id);
      const before = await dto(t, model);
      if (input.id !== undefined && input.id !== null) {
        const existing = before.intlRates.find((r) => r.id === input.id);
        if (!existing) throw notFound('International rate', input.id);
        const clash = before.intlRates.find((r) => r.id !== input.id && r.fromCountry === values.from_country && r.toCountry === values.to_country);
        if (clash) throw invalid('fromCountry', `The model already has a ${values.from_country}→${values.to_country} rate (${clash.id}).`);
        await repo.updateIntlRate(t, input.id, values);
      } else {
        await repo.upsertIntlRate(t, model.id, values);
      }
      return changed(t, 'put_intl_rate', before, model.id);
    },

    /** `rate` (the gate read it: of any model) must be one of the model pricing the customer (or of the default). */
    async deleteIntlRate(t: Tenant, customer: CustomerRow | undefined, rate: IntlRateRow): Promise<PricingModelDtoT> {
      const own = customer === undefined ? null : await repo.findModelOf(t, customer.id);
      const base = await ensureDefault(t);
      const holder = own ?? base;
      if (rate.pricing_model_id !== holder.id) throw notFound('International rate', rate.id);
      // A customer without its own model changes its pricing: it gets its copy, without the pair.
      const model = customer !== undefined && !own ? await modelToChange(t, customer) : holder;
      await repo.lockModel(t, model.id);
      const before = await dto(t, model);
      const target =
        model.id === holder.id ? rate.id : before.intlRates.find((r) => r.fromCountry === rate.from_country && r.toCountry === rate.to_country)!.id;
      await repo.deleteIntlRate(t, model.id, target);
      return changed(t, 'delete_intl_rate', before, model.id);
    },

    /** The customer's own model takes the default's content again (its id stays). A customer
     *  already on the default is where a revert leads: answered the default, nothing written
     *  (no audit row, as nothing changed). `modelId`, when sent, must be the model that prices
     *  the customer (its own, else the default). */
    async revertToDefault(t: Tenant, customer: CustomerRow, model: PricingModelRow | undefined): Promise<PricingModelDtoT> {
      const own = await repo.findModelOf(t, customer.id);
      const base = await ensureDefault(t);
      if (model !== undefined && (own ?? base).id !== model.id) throw notFound('Pricing model of the customer', model.id);
      if (!own) return dto(t, base);
      await repo.lockModel(t, own.id);
      const before = await dto(t, own);
      await repo.updateModel(t, own.id, {
        currency: base.currency,
        distance_unit: base.distance_unit,
        base_charge: base.base_charge,
        mileage_mode: base.mileage_mode,
        minimum_linehaul: base.minimum_linehaul,
      });
      await copyDefaultInto(t, own.id, base);
      return changed(t, 'revert_to_default', before, own.id);
    },
  };
}

export type PricingModelsService = ReturnType<typeof pricingModelsService>;
