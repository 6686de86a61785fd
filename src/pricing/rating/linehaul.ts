// The linehaul: what moving the freight from origin to destination costs, before accessorials.
// Priced by the first rule that applies — a zone-to-zone flat rate, else the international rate of
// the country pair, else base charge + mileage by bands — then scaled by the shipment type's
// multiplier on a line of its own. All in the model currency (a zone rate's or a shipment type's
// amounts in their own, when they say so), converted to the quote's per line.
import type { Convert } from './currency.js';
import { LINE_CODES, type PricedLine, priceLine, settledLine } from './line.js';
import { type IntlRate, type MileageBand, RatingError, type RatingModel, type Shipment, type ShipmentTypeRule, type ZoneRate } from './model.js';
import { type Decimal, Exact, sumCents } from './money.js';
import { distanceIn } from './units.js';

export interface LinehaulInput {
  model: RatingModel;
  shipment: Shipment;
  type: ShipmentTypeRule | null;
  convert: Convert;
  /** The quote currency. */
  currency: string;
  warnings: string[];
}

/** Model amounts in the quote currency (exact), with the FX rate a line shows. */
interface Prices {
  of(amount: number): Exact;
  fx: ReturnType<Convert>['fx'];
}

/** Amounts of `currency` in the quote currency. */
function pricesIn(convert: Convert, currency: string): Prices {
  const conversion = convert(currency);
  return { of: (amount) => Exact.of(amount).times(conversion.factor), fx: conversion.fx };
}

export function linehaulLines(input: LinehaulInput): PricedLine[] {
  const { model, shipment, convert } = input;
  const distance = distanceIn(Exact.of(shipment.distance), shipment.distanceUnit, model.distanceUnit);

  const zone = zoneRate(model.zoneRates, shipment);
  if (zone) {
    unusedOverrides(input, 'a zone rate');
    const zonePrices = pricesIn(convert, zone.currency ?? model.currency);
    return [
      priceLine({
        code: LINE_CODES.zone,
        description: `Zone rate, ${zonePair(zone, shipment)}`,
        quantity: Exact.of(1),
        unitPrice: zonePrices.of(zone.amount),
        currency: input.currency,
        fx: zonePrices.fx,
      }),
    ];
  }
  const prices = pricesIn(convert, model.currency);
  if (shipment.fromCountry !== shipment.toCountry) {
    const intl = model.intlRates.find((r) => r.fromCountry === shipment.fromCountry && r.toCountry === shipment.toCountry);
    if (intl) {
      unusedOverrides(input, 'an international rate');
      return [intlLine(intl, distance, model, prices, input.currency)];
    }
    input.warnings.push(`No international rate from ${shipment.fromCountry} to ${shipment.toCountry}: the linehaul is priced by distance.`);
  }
  return distanceLines(input, distance, prices);
}

/** The rate of the shipment's zone pair: its own direction first, else the reverse pair's when that
 *  one is marked both directions. Both zones must be known. */
function zoneRate(rates: ZoneRate[], shipment: Shipment): ZoneRate | null {
  const from = shipment.fromZoneId;
  const to = shipment.toZoneId;
  if (from === null || from === undefined || to === null || to === undefined) return null;
  return (
    rates.find((r) => r.fromZoneId === from && r.toZoneId === to) ?? rates.find((r) => r.bothDirections && r.fromZoneId === to && r.toZoneId === from) ?? null
  );
}

/** "Austin metro to Houston metro", the shipment's way (a rate read backwards names its zones the
 *  other way round); a zone without a name is "zone 3". */
function zonePair(rate: ZoneRate, shipment: Shipment): string {
  const forward = rate.fromZoneId === shipment.fromZoneId && rate.toZoneId === shipment.toZoneId;
  const from = (forward ? rate.fromZoneName : rate.toZoneName) || `zone ${shipment.fromZoneId}`;
  const to = (forward ? rate.toZoneName : rate.fromZoneName) || `zone ${shipment.toZoneId}`;
  return `${from} to ${to}`;
}

function intlLine(rate: IntlRate, distance: Exact, model: RatingModel, prices: Prices, currency: string): PricedLine {
  const minimum = rate.minimumCharge == null ? null : prices.of(rate.minimumCharge);
  const pair = `${rate.fromCountry} to ${rate.toCountry}`;
  if (rate.flatAmount != null) {
    return priceLine({
      code: LINE_CODES.intl,
      description: `International rate ${pair}`,
      quantity: Exact.of(1),
      unitPrice: prices.of(rate.flatAmount),
      minimum,
      currency,
      fx: prices.fx,
    });
  }
  return priceLine({
    code: LINE_CODES.intl,
    description: `International rate ${pair}, per ${model.distanceUnit}`,
    quantity: distance,
    unitPrice: prices.of(rate.ratePerUnit!),
    minimum,
    currency,
    fx: prices.fx,
  });
}

/** Base charge + mileage, raised to the model's minimum linehaul by an adjustment line. */
function distanceLines(input: LinehaulInput, distance: Exact, prices: Prices): PricedLine[] {
  const { model, type, currency } = input;
  const lines: PricedLine[] = [];
  // The shipment type's own amounts are in its currency (converted only when one is used).
  const typePrices = (): Prices => (type?.currency ? pricesIn(input.convert, type.currency) : prices);
  const baseCharge = type?.baseCharge ?? model.baseCharge;
  if (baseCharge > 0) {
    const base = type?.baseCharge != null ? typePrices() : prices;
    lines.push(
      priceLine({
        code: LINE_CODES.base,
        description: type?.baseCharge != null ? `Base charge (${type.name})` : 'Base charge',
        quantity: Exact.of(1),
        unitPrice: base.of(baseCharge),
        currency,
        fx: base.fx,
      }),
    );
  }
  if (type?.ratePerUnit != null) {
    if (!distance.isZero()) {
      const own = typePrices();
      lines.push(
        priceLine({
          code: LINE_CODES.mileage,
          description: `Mileage at the ${type.name} rate, per ${model.distanceUnit}`,
          quantity: distance,
          unitPrice: own.of(type.ratePerUnit),
          currency,
          fx: own.fx,
        }),
      );
    }
  } else {
    lines.push(...mileageLines(input, distance, prices));
  }
  if (model.minimumLinehaul != null && model.minimumLinehaul > 0) {
    const minimum = prices.of(model.minimumLinehaul).toCents();
    const sum = sumCents(lines.map((l) => l.cents));
    if (sum.lessThan(minimum)) {
      const adjustment = minimum.minus(sum);
      lines.push(
        settledLine(
          LINE_CODES.minimumLinehaul,
          `Minimum linehaul ${model.minimumLinehaul} ${model.currency}`,
          Exact.of(1),
          Exact.of(adjustment),
          adjustment,
          currency,
          prices.fx,
        ),
      );
    }
  }
  return lines;
}

function mileageLines(input: LinehaulInput, distance: Exact, prices: Prices): PricedLine[] {
  const { model, currency } = input;
  const unit = model.distanceUnit;
  const bands = model.mileageBands;
  const shown = `${distance.toNumber()} ${unit}`;
  if (bands.length === 0) {
    if (distance.isZero()) return [];
    throw new RatingError('model.mileageBands', `The model has no mileage bands to price ${shown}.`);
  }
  const last = bands[bands.length - 1]!;
  if (last.toDistance !== null && distance.cmp(Exact.of(last.toDistance)) >= 0) {
    throw new RatingError(
      'shipment.distance',
      `The distance, ${shown}, is beyond the last mileage band, which ends at ${last.toDistance} ${unit} (exclusive).`,
    );
  }
  const reached = bands.filter((b) => distance.cmp(Exact.of(b.fromDistance)) >= 0);
  const line = (band: MileageBand, quantity: Exact, description: string): PricedLine[] => {
    if (quantity.isZero() && band.minimumCharge == null) return [];
    return [
      priceLine({
        code: LINE_CODES.mileage,
        description,
        quantity,
        unitPrice: prices.of(band.ratePerUnit),
        minimum: band.minimumCharge == null ? null : prices.of(band.minimumCharge),
        currency,
        fx: prices.fx,
      }),
    ];
  };
  if (model.mileageMode === 'whole') {
    const band = reached[reached.length - 1]!;
    return line(band, distance, `Mileage, whole distance at the ${span(band, unit)} rate`);
  }
  return reached.flatMap((band) => {
    const end = band.toDistance === null ? distance : minimum(distance, Exact.of(band.toDistance));
    return line(band, end.minus(Exact.of(band.fromDistance)), `Mileage ${span(band, unit)}`);
  });
}

const span = (band: MileageBand, unit: string): string =>
  band.toDistance === null ? `${band.fromDistance}+ ${unit}` : `${band.fromDistance}-${band.toDistance} ${unit}`;

const minimum = (a: Exact, b: Exact): Exact => (a.cmp(b) <= 0 ? a : b);

function unusedOverrides(input: LinehaulInput, method: string): void {
  const type = input.type;
  if (type && (type.baseCharge != null || type.ratePerUnit != null)) {
    input.warnings.push(`Shipment type ${type.name}: its base charge and rate per unit apply to distance pricing only; this linehaul is ${method}.`);
  }
}

/** The shipment type's multiplier on its own line: the linehaul becomes round(linehaul × multiplier),
 *  so the line is that minus the linehaul (negative for a multiplier below 1). */
export function shipmentTypeLine(type: ShipmentTypeRule | null, linehaul: Decimal, currency: string): PricedLine | null {
  if (!type || type.multiplier == null || type.multiplier === 1) return null;
  const before = Exact.of(linehaul);
  const multiplier = Exact.of(type.multiplier);
  const after = before.times(multiplier).toCents();
  return settledLine(
    LINE_CODES.shipmentType,
    `Shipment type ${type.name}, linehaul x ${type.multiplier}`,
    before,
    multiplier.minus(Exact.of(1)),
    after.minus(linehaul),
    currency,
  );
}
