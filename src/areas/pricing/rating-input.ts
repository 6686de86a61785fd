// What the rating engine (src/pricing/rating/) prices a customer's shipment from, read in the
// company's transaction: the customer's pricing model (or the default), the zone-to-zone rates,
// the active shipment types, the charge types that apply to the customer and the FX rates. Quotes
// price through here: `priceFor(t, customerId, shipment, asOf)`.
import type { Tenant } from '../../db/tenant.js';
import { type FxRate, type Quote, type RatingModel, rate, type Shipment } from '../../pricing/rating/index.js';
import { type ChargeTypeRule, chargeRulesFor } from '../charge-types/index.js';
import * as fxRepo from './fx-rates.repository.js';
import * as modelsRepo from './pricing-models.repository.js';
import { pricingModelsService } from './pricing-models.service.js';
import * as zonesRepo from './pricing-zones.repository.js';
import * as typesRepo from './shipment-types.repository.js';

const models = pricingModelsService();

/** The rating model of the customer (null: the default). Zone rates and shipment types are the
 *  company's, in the default model's currency: they say so, as a customer's own model may be in
 *  another currency. */
/** `rules`: the customer's charge rules when the caller has read them already (chargeRulesFor). */
export async function ratingModelFor(t: Tenant, customerId: number | null, rules?: ChargeTypeRule[]): Promise<RatingModel> {
  const base = await models.ensureDefault(t);
  const model = (customerId !== null ? await modelsRepo.findModelOf(t, customerId) : undefined) ?? base;
  const [bands, intl, zoneRates, types, charges] = await Promise.all([
    modelsRepo.bandsOf(t, model.id),
    modelsRepo.intlRatesOf(t, model.id),
    zonesRepo.listZoneRates(t),
    typesRepo.activeTypes(t),
    rules ?? chargeRulesFor(t, customerId),
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
    charges: charges.map((c) => ({
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

export async function fxRatesOf(t: Tenant): Promise<FxRate[]> {
  return (await fxRepo.listRates(t, null, null)).map((r) => ({ from: r.from_currency, to: r.to_currency, rate: r.rate, date: r.rate_date }));
}

/** The shipment priced for the customer (null: by the company default), as of a day (YYYY-MM-DD). */
export async function priceFor(t: Tenant, customerId: number | null, shipment: Shipment, asOf: string): Promise<Quote> {
  const [model, fx] = await Promise.all([ratingModelFor(t, customerId), fxRatesOf(t)]);
  return rate(model, shipment, fx, asOf);
}
