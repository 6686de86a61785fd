// Accessorials: the charges a shipment carries besides its linehaul (extra stops, liftgate, fuel
// surcharge...), each one line. Only those the shipment lists apply; each is measured from the
// shipment, less its free units, at its rate, raised to its minimum, in the quote currency.
import type { Convert } from './currency.js';
import { LINE_CODES, type PricedLine, priceLine } from './line.js';
import type { ChargeRule, RatingModel, Shipment, WeightUnit } from './model.js';
import { type Decimal, Exact } from './money.js';
import { weightIn } from './units.js';

export interface AccessorialInput {
  model: RatingModel;
  shipment: Shipment;
  /** The linehaul of the quote (after the shipment type's multiplier), in the quote currency. */
  linehaul: Decimal;
  convert: Convert;
  currency: string;
  warnings: string[];
}

/** One line per charge id of the shipment, in the shipment's order. */
export function accessorialLines(input: AccessorialInput): PricedLine[] {
  return input.shipment.chargeIds.map((id) => accessorialLine(input, input.model.charges.find((c) => c.id === id)!));
}

function accessorialLine(input: AccessorialInput, rule: ChargeRule): PricedLine {
  const { model, shipment, currency } = input;
  const ruleCurrency = rule.currency ?? model.currency;
  const common = { code: LINE_CODES.accessorial, description: rule.name, currency, chargeId: rule.id };

  if (rule.kind === 'PercentOfLinehaul' || rule.kind === 'Flat') {
    if (rule.freeUnits != null && rule.freeUnits > 0) {
      input.warnings.push(`Charge ${rule.name}: free units do not apply to a ${rule.kind} charge and were ignored.`);
    }
  }
  if (rule.kind === 'PercentOfLinehaul') {
    // A percentage has no currency: the rule's currency is that of its minimum, converted only when
    // there is one.
    const conversion = rule.minimumCharge == null ? null : input.convert(ruleCurrency);
    return priceLine({
      ...common,
      quantity: Exact.of(input.linehaul),
      unitPrice: Exact.ratio(rule.rate, 100),
      minimum: conversion ? Exact.of(rule.minimumCharge!).times(conversion.factor) : null,
      fx: conversion?.fx,
    });
  }

  const conversion = input.convert(ruleCurrency);
  const measured = rule.kind === 'Flat' ? Exact.of(1) : measure(rule, shipment, model);
  const free = rule.kind === 'Flat' || rule.freeUnits == null ? null : Exact.of(rule.freeUnits);
  const billable = free === null ? measured : measured.minus(free).max(Exact.of(0));
  return priceLine({
    ...common,
    quantity: billable,
    unitPrice: Exact.of(rule.rate).times(conversion.factor),
    minimum: rule.minimumCharge == null ? null : Exact.of(rule.minimumCharge).times(conversion.factor),
    fx: conversion.fx,
  });
}

/** The shipment's quantity a per-unit charge is priced on, in the rule's unit. */
function measure(rule: ChargeRule, shipment: Shipment, model: RatingModel): Exact {
  switch (rule.kind) {
    case 'PerStop':
      return Exact.of(shipment.stops);
    case 'PerItem':
      return Exact.of(shipment.items);
    case 'PerPallet':
      return Exact.of(shipment.pallets);
    case 'PerWeight':
      return weightIn(Exact.of(shipment.weight), shipment.weightUnit, chargeWeightUnit(rule, model));
    default:
      throw new Error(`not a per-unit charge: ${rule.kind}`);
  }
}

/** A per-weight rule without a unit prices per lb in a mile model, per kg in a kilometre model. */
export function chargeWeightUnit(rule: ChargeRule, model: RatingModel): WeightUnit {
  return rule.weightUnit ?? (model.distanceUnit === 'mi' ? 'lb' : 'kg');
}
