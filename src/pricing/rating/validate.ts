// The whole input checked before anything is priced, each rule of README.md "Invalid input" in one
// place: a model the engine would have to guess about (a gap between mileage bands, two rates for
// one zone pair) or a shipment it cannot price is refused with a RatingError naming the field.
// Returns normalized copies: codes upper-case, bands ordered by their start.
import { count, countryCode, currencyCode, id, list, nonNegative, oneOf, optionalId, optionalNonNegative, positive, record } from './checks.js';
import {
  type ChargeKind,
  type ChargeRule,
  type DistanceUnit,
  type IntlRate,
  type MileageBand,
  RatingError,
  type RatingModel,
  type Shipment,
  type ShipmentTypeRule,
  type WeightUnit,
  type ZoneRate,
} from './model.js';

export const DISTANCE_UNITS: readonly DistanceUnit[] = ['mi', 'km'];
export const WEIGHT_UNITS: readonly WeightUnit[] = ['lb', 'kg'];
export const CHARGE_KINDS: readonly ChargeKind[] = ['Flat', 'PerStop', 'PerItem', 'PerPallet', 'PerWeight', 'PercentOfLinehaul'];
const MILEAGE_MODES = ['tiered', 'whole'] as const;

export function checkModel(model: RatingModel): RatingModel {
  if (!model || typeof model !== 'object') throw new RatingError('model', 'model must be a pricing model.');
  const distanceUnit = oneOf(model.distanceUnit, DISTANCE_UNITS, 'model.distanceUnit');
  return {
    currency: currencyCode(model.currency, 'model.currency'),
    distanceUnit,
    baseCharge: nonNegative(model.baseCharge, 'model.baseCharge'),
    mileageMode: oneOf(model.mileageMode, MILEAGE_MODES, 'model.mileageMode'),
    mileageBands: checkBands(list<MileageBand>(model.mileageBands, 'model.mileageBands'), distanceUnit),
    minimumLinehaul: optionalNonNegative(model.minimumLinehaul, 'model.minimumLinehaul'),
    zoneRates: checkZoneRates(list<ZoneRate>(model.zoneRates, 'model.zoneRates')),
    intlRates: checkIntlRates(list<IntlRate>(model.intlRates, 'model.intlRates')),
    shipmentTypes: checkShipmentTypes(list<ShipmentTypeRule>(model.shipmentTypes, 'model.shipmentTypes')),
    charges: checkCharges(list<ChargeRule>(model.charges, 'model.charges')),
  };
}

/** Bands must cover 0 to their end without a gap or an overlap; only the last may be open-ended. */
function checkBands(bands: MileageBand[], unit: DistanceUnit): MileageBand[] {
  const checked = bands.map((b, i) => {
    const field = `model.mileageBands[${i}]`;
    record(b, field);
    const band: MileageBand = {
      fromDistance: nonNegative(b.fromDistance, `${field}.fromDistance`),
      toDistance: optionalNonNegative(b.toDistance, `${field}.toDistance`),
      ratePerUnit: nonNegative(b.ratePerUnit, `${field}.ratePerUnit`),
      minimumCharge: optionalNonNegative(b.minimumCharge, `${field}.minimumCharge`),
    };
    if (band.toDistance !== null && band.toDistance <= band.fromDistance) {
      throw new RatingError(`${field}.toDistance`, `${field} ends (${band.toDistance} ${unit}) where or before it starts (${band.fromDistance} ${unit}).`);
    }
    return { band, field };
  });
  checked.sort((a, b) => a.band.fromDistance - b.band.fromDistance);
  const span = (b: MileageBand) => (b.toDistance === null ? `${b.fromDistance}+ ${unit}` : `${b.fromDistance}-${b.toDistance} ${unit}`);
  checked.forEach(({ band, field }, i) => {
    if (i === 0) {
      if (band.fromDistance !== 0) {
        throw new RatingError(
          field,
          `Mileage bands leave a gap: nothing prices 0-${band.fromDistance} ${unit} (the first band, ${field}, starts at ${band.fromDistance}).`,
        );
      }
      return;
    }
    const before = checked[i - 1]!;
    const end = before.band.toDistance;
    if (end === null || end > band.fromDistance) {
      throw new RatingError(field, `Mileage bands overlap: ${before.field} (${span(before.band)}) and ${field} (${span(band)}).`);
    }
    if (end < band.fromDistance) {
      throw new RatingError(field, `Mileage bands leave a gap: nothing prices ${end}-${band.fromDistance} ${unit} (between ${before.field} and ${field}).`);
    }
  });
  return checked.map((c) => c.band);
}

const optionalCurrency = (value: string | null | undefined, field: string): string | null =>
  value === null || value === undefined ? null : currencyCode(value, field);

function checkZoneRates(rates: ZoneRate[]): ZoneRate[] {
  const seen = new Set<string>();
  return rates.map((r, i) => {
    const field = `model.zoneRates[${i}]`;
    record(r, field);
    const rate: ZoneRate = {
      fromZoneId: id(r.fromZoneId, `${field}.fromZoneId`),
      toZoneId: id(r.toZoneId, `${field}.toZoneId`),
      amount: nonNegative(r.amount, `${field}.amount`),
      bothDirections: r.bothDirections === true,
      currency: optionalCurrency(r.currency, `${field}.currency`),
      // Names only describe the line: whatever is not a string is no name.
      fromZoneName: typeof r.fromZoneName === 'string' ? r.fromZoneName : null,
      toZoneName: typeof r.toZoneName === 'string' ? r.toZoneName : null,
    };
    const key = `${rate.fromZoneId}>${rate.toZoneId}`;
    if (seen.has(key)) throw new RatingError(field, `Two zone rates from zone ${rate.fromZoneId} to zone ${rate.toZoneId}.`);
    seen.add(key);
    return rate;
  });
}

function checkIntlRates(rates: IntlRate[]): IntlRate[] {
  const seen = new Set<string>();
  return rates.map((r, i) => {
    const field = `model.intlRates[${i}]`;
    record(r, field);
    const rate: IntlRate = {
      ...(r.id !== undefined ? { id: r.id } : {}),
      fromCountry: countryCode(r.fromCountry, `${field}.fromCountry`),
      toCountry: countryCode(r.toCountry, `${field}.toCountry`),
      flatAmount: optionalNonNegative(r.flatAmount, `${field}.flatAmount`),
      ratePerUnit: optionalNonNegative(r.ratePerUnit, `${field}.ratePerUnit`),
      minimumCharge: optionalNonNegative(r.minimumCharge, `${field}.minimumCharge`),
    };
    if (rate.fromCountry === rate.toCountry)
      throw new RatingError(field, `${field} is from ${rate.fromCountry} to itself; international rates join two countries.`);
    if (rate.flatAmount === null && rate.ratePerUnit === null) throw new RatingError(field, `${field} has neither a flat amount nor a rate per unit.`);
    const key = `${rate.fromCountry}>${rate.toCountry}`;
    if (seen.has(key)) throw new RatingError(field, `Two international rates from ${rate.fromCountry} to ${rate.toCountry}.`);
    seen.add(key);
    return rate;
  });
}

function checkShipmentTypes(types: ShipmentTypeRule[]): ShipmentTypeRule[] {
  const seen = new Set<number>();
  return types.map((t, i) => {
    const field = `model.shipmentTypes[${i}]`;
    record(t, field);
    const type: ShipmentTypeRule = {
      id: id(t.id, `${field}.id`),
      name: String(t.name ?? ''),
      multiplier: t.multiplier === null || t.multiplier === undefined ? null : positive(t.multiplier, `${field}.multiplier`),
      baseCharge: optionalNonNegative(t.baseCharge, `${field}.baseCharge`),
      ratePerUnit: optionalNonNegative(t.ratePerUnit, `${field}.ratePerUnit`),
      currency: optionalCurrency(t.currency, `${field}.currency`),
    };
    if (seen.has(type.id)) throw new RatingError(`${field}.id`, `Two shipment types have the id ${type.id}.`);
    seen.add(type.id);
    return type;
  });
}

function checkCharges(charges: ChargeRule[]): ChargeRule[] {
  const seen = new Set<number>();
  return charges.map((c, i) => {
    const field = `model.charges[${i}]`;
    record(c, field);
    const charge: ChargeRule = {
      id: id(c.id, `${field}.id`),
      name: String(c.name ?? ''),
      kind: oneOf(c.kind, CHARGE_KINDS, `${field}.kind`),
      rate: nonNegative(c.rate, `${field}.rate`),
      currency: c.currency === null || c.currency === undefined ? null : currencyCode(c.currency, `${field}.currency`),
      minimumCharge: optionalNonNegative(c.minimumCharge, `${field}.minimumCharge`),
      weightUnit: c.weightUnit === null || c.weightUnit === undefined ? null : oneOf(c.weightUnit, WEIGHT_UNITS, `${field}.weightUnit`),
      freeUnits: optionalNonNegative(c.freeUnits, `${field}.freeUnits`),
    };
    if (seen.has(charge.id)) throw new RatingError(`${field}.id`, `Two charges have the id ${charge.id}.`);
    seen.add(charge.id);
    return charge;
  });
}

/** The shipment, checked against the model it is priced with (its type and charges must exist). */
export function checkShipment(shipment: Shipment, model: RatingModel): Shipment {
  if (!shipment || typeof shipment !== 'object') throw new RatingError('shipment', 'shipment must be a shipment.');
  const shipmentTypeId = optionalId(shipment.shipmentTypeId, 'shipment.shipmentTypeId');
  if (shipmentTypeId !== null && !model.shipmentTypes.some((t) => t.id === shipmentTypeId)) {
    throw new RatingError('shipment.shipmentTypeId', `The model has no shipment type ${shipmentTypeId}.`);
  }
  const chargeIds = list<number>(shipment.chargeIds, 'shipment.chargeIds').map((c, i) => id(c, `shipment.chargeIds[${i}]`));
  chargeIds.forEach((c, i) => {
    if (!model.charges.some((rule) => rule.id === c)) throw new RatingError(`shipment.chargeIds[${i}]`, `The model has no charge ${c}.`);
    if (chargeIds.indexOf(c) !== i)
      throw new RatingError(`shipment.chargeIds[${i}]`, `Charge ${c} is listed twice; a charge applies once (its quantity comes from the shipment).`);
  });
  return {
    distance: nonNegative(shipment.distance, 'shipment.distance'),
    distanceUnit: oneOf(shipment.distanceUnit, DISTANCE_UNITS, 'shipment.distanceUnit'),
    fromZoneId: optionalId(shipment.fromZoneId, 'shipment.fromZoneId'),
    toZoneId: optionalId(shipment.toZoneId, 'shipment.toZoneId'),
    fromCountry: countryCode(shipment.fromCountry, 'shipment.fromCountry'),
    toCountry: countryCode(shipment.toCountry, 'shipment.toCountry'),
    stops: count(shipment.stops, 'shipment.stops'),
    items: count(shipment.items, 'shipment.items'),
    pallets: count(shipment.pallets, 'shipment.pallets'),
    weight: nonNegative(shipment.weight, 'shipment.weight'),
    weightUnit: oneOf(shipment.weightUnit, WEIGHT_UNITS, 'shipment.weightUnit'),
    shipmentTypeId,
    chargeIds,
    currency: shipment.currency === null || shipment.currency === undefined ? null : currencyCode(shipment.currency, 'shipment.currency'),
  };
}
