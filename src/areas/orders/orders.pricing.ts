// An order priced by the rating engine (src/pricing/rating) from its customer's pricing model (or
// the company's): the shipment is read off the stops — distance along them in their order (great
// circle × 1.3, the offline road estimate of src/integrations/geo/matrix, unless the order gives
// its own), zones of the first pickup's and the last delivery's postal codes, countries, items,
// pallets and weight — plus the accessorials the order lists and the company's fuel surcharge.
// A price set by hand is kept as one line instead; an order the model cannot price is kept at 0
// with the reason in its warnings.

import type { Tenant } from '../../db/tenant.js';
import { haversineMeters } from '../../integrations/geo/matrix/index.js';
import { invalid } from '../../platform/errors.js';
import { KM_PER_MI, type QuoteLine, RatingError, rate, type Shipment } from '../../pricing/rating/index.js';
import type { AddressRow } from '../customers/index.js';
import { ratingInputsFor, zoneIdOf } from '../pricing/index.js';
import type { PriceLineJson, StopType } from './orders.tables.js';

/** Road distance over straight-line distance (the great-circle provider's default). */
const CIRCUITY = 1.3;

export interface PricedStop {
  type: StopType;
  place: AddressRow;
  items: ReadonlyArray<{ quantity?: number | null; weight?: number | null; pallets?: number | null }>;
}

export interface PriceRequest {
  customerId: number;
  currency: string | null;
  /** Given by the client; null: measured along the stops. */
  distance: number | null;
  distanceUnit: 'mi' | 'km' | null;
  weightUnit: 'lb' | 'kg';
  shipmentTypeId: number | null;
  /** Company charge types (or the customer's own rows) the client listed. */
  chargeTypeIds: readonly number[];
  /** A price set by hand. */
  customTotal: number | null;
}

export interface Price {
  currency: string;
  total: number;
  lines: PriceLineJson[];
  warnings: string[];
  distance: number | null;
  distanceUnit: 'mi' | 'km';
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Distance along the stops, in `unit`; null when a stop's place has no coordinates. */
export function distanceAlong(places: readonly AddressRow[], unit: 'mi' | 'km'): number | null {
  let meters = 0;
  for (let i = 1; i < places.length; i++) {
    const a = places[i - 1]!;
    const b = places[i]!;
    if (a.latitude === null || a.longitude === null || b.latitude === null || b.longitude === null) return null;
    meters += haversineMeters({ lat: a.latitude, lon: a.longitude }, { lat: b.latitude, lon: b.longitude }) * CIRCUITY;
  }
  const km = meters / 1000;
  return round2(unit === 'km' ? km : km / KM_PER_MI);
}

function lineOf(line: QuoteLine): PriceLineJson {
  return {
    code: line.code,
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    amount: line.amount,
    currency: line.currency,
    chargeTypeId: line.chargeId ?? null,
  };
}

export async function priceOrder(t: Tenant, request: PriceRequest, stops: readonly PricedStop[], today: string): Promise<Price> {
  const { model, rules, fx } = await ratingInputsFor(t, request.customerId);
  const unit = request.distanceUnit ?? model.distanceUnit;
  const measured =
    request.distance ??
    distanceAlong(
      stops.map((s) => s.place),
      unit,
    );
  if (request.customTotal !== null) {
    const currency = (request.currency ?? model.currency).toUpperCase();
    const total = round2(request.customTotal);
    return {
      currency,
      total,
      lines: [{ code: 'CUSTOM', description: 'Price set by hand', quantity: 1, unitPrice: total, amount: total, currency, chargeTypeId: null }],
      warnings: [],
      distance: measured,
      distanceUnit: unit,
    };
  }

  const ruleIds: number[] = [];
  request.chargeTypeIds.forEach((id, i) => {
    const rule = rules.find((r) => r.id === id || r.chargeTypeId === id);
    if (!rule || (rule.isSystem && rule.code === 'LINEHAUL'))
      throw invalid(`chargeTypeIds[${i}]`, `Charge type ${id} is not an active accessorial of the customer's charge types.`);
    if (!ruleIds.includes(rule.id)) ruleIds.push(rule.id);
  });
  // The fuel surcharge applies to every priced order once the company has set its rate.
  const fuel = rules.find((r) => r.isSystem && r.code === 'FUEL' && r.rate > 0);
  if (fuel && !ruleIds.includes(fuel.id)) ruleIds.push(fuel.id);

  const pickups = stops.filter((s) => s.type === 'Pickup');
  const deliveries = stops.filter((s) => s.type === 'Delivery');
  const from = (pickups[0] ?? stops[0])?.place;
  const to = (deliveries[deliveries.length - 1] ?? stops[stops.length - 1])?.place;
  const zoneOf = async (p: AddressRow | undefined) => (p?.postal_code ? await zoneIdOf(t, p.postal_code, p.country) : null);
  const items = stops.flatMap((s) => s.items);
  const warnings: string[] = [];
  if (measured === null) {
    const unknown = 'The distance is unknown (a stop has no coordinates): the order is priced with distance 0; send distance to price it.';
    warnings.push(unknown);
    // Said in the answer too: a price of 0 miles is easy to miss in priceWarnings alone.
    t.notice(unknown, 'Warning');
  }
  const shipment: Shipment = {
    distance: measured ?? 0,
    distanceUnit: unit,
    fromZoneId: await zoneOf(from),
    toZoneId: await zoneOf(to),
    fromCountry: from?.country ?? 'US',
    toCountry: to?.country ?? from?.country ?? 'US',
    stops: stops.length,
    items: items.reduce((n, i) => n + (i.quantity ?? 1), 0),
    pallets: items.reduce((n, i) => n + (i.pallets ?? 0), 0),
    weight: items.reduce((n, i) => n + (i.weight ?? 0), 0),
    weightUnit: request.weightUnit,
    shipmentTypeId: request.shipmentTypeId,
    chargeIds: ruleIds,
    currency: request.currency?.toUpperCase() ?? null,
  };
  try {
    const quote = rate(model, shipment, fx, today);
    return {
      currency: quote.currency,
      total: quote.total,
      lines: quote.lines.map(lineOf),
      warnings: [...warnings, ...quote.warnings],
      distance: measured,
      distanceUnit: unit,
    };
  } catch (err) {
    // A model the company has not finished (no mileage bands yet, a missing FX rate) does not stop
    // the quote: it is kept unpriced, saying why, until it is priced again or priced by hand.
    if (!(err instanceof RatingError)) throw err;
    const currency = (request.currency ?? model.currency).toUpperCase();
    return { currency, total: 0, lines: [], warnings: [...warnings, `Not priced: ${err.message}`], distance: measured, distanceUnit: unit };
  }
}
