// What the rating engine (src/pricing/rating/) prices a customer's shipment from, read in the
// company's transaction: the customer's pricing model (or the default), the zone-to-zone rates,
// the active shipment types, the charge types that apply to the customer, the FX rates and the
// zones of postal codes. Quotes price through here: `ratingInputsFor` and `zoneIdOf`, or
// `priceFor(t, customerId, shipment, asOf)`.
//
// Kept: every order written is priced, and its inputs are a dozen reads of tables that change a
// few times a month. They are kept per company under its `rating` data version
// (platform/data-versions.ts: raised by every transaction writing those tables), so a price is
// read from the same rows as without them, for one read of the version per transaction. A
// transaction that has written those tables itself reads them, and keeps nothing.
import type { Tenant } from '../../db/tenant.js';
import { dataVersion } from '../../platform/data-versions.js';
import { VersionedCache } from '../../platform/versioned-cache.js';
import { type FxRate, type Quote, type RatingModel, rate, type Shipment } from '../../pricing/rating/index.js';
import { type ChargeTypeRule, chargeRulesFor } from '../charge-types/index.js';
import { zoneOfPostalCode } from '../settings/index.js';
import * as fxRepo from './fx-rates.repository.js';
import * as modelsRepo from './pricing-models.repository.js';
import { pricingModelsService } from './pricing-models.service.js';
import * as zonesRepo from './pricing-zones.repository.js';
import * as typesRepo from './shipment-types.repository.js';

/** Everything a customer's shipment is priced from, but the zones of its places. */
export interface RatingInputs {
  model: RatingModel;
  /** The charge types that apply to the customer (the model's charges are these). */
  rules: ChargeTypeRule[];
  fx: FxRate[];
}

/** Inputs per company and customer, zones per company and postal code: a few KB and ~100 B each. */
const keptInputs = new VersionedCache<Readonly<RatingInputs>>(2_000);
const keptZones = new VersionedCache<number | null>(20_000);
/** The version each transaction read (once: its later reads may only see newer rows). */
const versionOf = new WeakMap<Tenant, Promise<string>>();

/** The company's rating version for this transaction; null when the transaction wrote the tables. */
function ratingVersion(t: Tenant): Promise<string> | null {
  if (t.hasWritten('rating')) return null;
  let version = versionOf.get(t);
  if (!version) {
    version = dataVersion(t, 'rating');
    versionOf.set(t, version);
  }
  return version;
}

async function kept<V>(t: Tenant, cache: VersionedCache<V>, key: string, read: () => Promise<V>): Promise<V> {
  const pending = ratingVersion(t);
  const version = pending && (await pending);
  if (version !== null) {
    const hit = cache.get(key, version);
    if (hit !== undefined) return hit;
  }
  const value = await read();
  // A read that wrote (the default model, made on first use) is counted at commit: not kept.
  if (version !== null && !t.hasWritten('rating')) cache.set(key, version, deepFreeze(value));
  return value;
}

/** Kept values are shared by later requests: a change to one throws instead of spreading. */
function deepFreeze<V>(value: V): V {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The customer's (null: the company's) rating model, charge types and FX rates. Callers must
 *  not change what they are given: it is shared with later requests. */
export function ratingInputsFor(t: Tenant, customerId: number | null): Promise<Readonly<RatingInputs>> {
  return kept(t, keptInputs, `${t.companyId}|${customerId}`, async () => {
    const rules = await chargeRulesFor(t, customerId);
    const [model, fx] = await Promise.all([ratingModelFor(t, customerId, rules), fxRatesOf(t)]);
    return { model, rules, fx };
  });
}

/** The id of the zone holding the postal code (or its longest leading part); null when none does. */
export function zoneIdOf(t: Tenant, postalCode: string, country: string): Promise<number | null> {
  return kept(t, keptZones, `${t.companyId}|${country}|${postalCode}`, async () => (await zoneOfPostalCode(t, postalCode, country))?.id ?? null);
}

const models = pricingModelsService();

/** The rating model of the customer (null: the default), its charges from `rules`. Zone rates and
 *  shipment types are the company's, in the default model's currency: they say so, as a customer's
 *  own model may be in another currency. */
async function ratingModelFor(t: Tenant, customerId: number | null, rules: ChargeTypeRule[]): Promise<RatingModel> {
  const base = await models.ensureDefault(t);
  const model = (customerId !== null ? await modelsRepo.findModelOf(t, customerId) : undefined) ?? base;
  const [bands, intl, zoneRates, types] = await Promise.all([
    modelsRepo.bandsOf(t, model.id),
    modelsRepo.intlRatesOf(t, model.id),
    zonesRepo.listZoneRates(t),
    typesRepo.activeTypes(t),
  ]);
  return {
    currency: model.currency,
    distanceUnit: model.distance_unit,
    baseCharge: model.base_charge,
    mileageMode: model.mileage_mode,
    mileageBands: bands.map((b) => ({
      fromDistance: b.from_distance,
      toDistance: b.to_distance,
      ratePerUnit: b.rate_per_unit,
      minimumCharge: b.minimum_charge,
    })),
    minimumLinehaul: model.minimum_linehaul,
    zoneRates: zoneRates.map((z) => ({
      fromZoneId: z.from_zone_id,
      toZoneId: z.to_zone_id,
      amount: z.amount,
      bothDirections: z.both_directions,
      currency: base.currency,
      fromZoneName: z.from_zone_name,
      toZoneName: z.to_zone_name,
    })),
    intlRates: intl.map((r) => ({
      id: r.id,
      fromCountry: r.from_country,
      toCountry: r.to_country,
      flatAmount: r.flat_amount,
      ratePerUnit: r.rate_per_unit,
      minimumCharge: r.minimum_charge,
    })),
    shipmentTypes: types
      .filter((s) => s.customer_id === null || s.customer_id === customerId)
      .map((s) => ({ id: s.id, name: s.name, multiplier: s.multiplier, baseCharge: s.base_charge, ratePerUnit: s.rate_per_unit, currency: base.currency })),
    charges: rules.map((c) => ({
      id: c.id,
      name: c.name,
      kind: c.kind,
      rate: c.rate,
      currency: c.currency,
      minimumCharge: c.minimumCharge,
      weightUnit: c.weightUnit,
      freeUnits: c.freeUnits,
    })),
  };
}

async function fxRatesOf(t: Tenant): Promise<FxRate[]> {
  return (await fxRepo.listRates(t, null, null)).map((r) => ({ from: r.from_currency, to: r.to_currency, rate: r.rate, date: r.rate_date }));
}

/** The shipment priced for the customer (null: by the company default), as of a day (YYYY-MM-DD). */
export async function priceFor(t: Tenant, customerId: number | null, shipment: Shipment, asOf: string): Promise<Quote> {
  const { model, fx } = await ratingInputsFor(t, customerId);
  return rate(model, shipment, fx, asOf);
}
