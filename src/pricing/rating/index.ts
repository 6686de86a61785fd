// The rating engine's public face: `rate` and the types it speaks. README.md next to this file
// documents the model and every pricing rule.

export { STALE_FX_DAYS } from './currency.js';
export { LINE_CODES } from './line.js';
export type {
  ChargeKind,
  ChargeRule,
  DistanceUnit,
  FxRate,
  IntlRate,
  LineFx,
  MileageBand,
  Quote,
  QuoteLine,
  RatingModel,
  Shipment,
  ShipmentTypeRule,
  WeightUnit,
  ZoneRate,
} from './model.js';
export { RatingError } from './model.js';
export { rate } from './rate.js';
export { KG_PER_LB, KM_PER_MI } from './units.js';
