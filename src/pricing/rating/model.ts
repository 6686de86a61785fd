// The rating engine's vocabulary: the pricing model a company prices from, the shipment to price,
// the FX rates it may convert with, and the quote it answers. Plain data with JS numbers, so the
// HTTP layer can pass rows and bodies straight in; README.md states what every field means.

export type DistanceUnit = 'mi' | 'km';
export type ChargeKind = 'Flat' | 'PerStop' | 'PerItem' | 'PerPallet' | 'PerWeight' | 'PercentOfLinehaul';
export type WeightUnit = 'lb' | 'kg';

export interface MileageBand {
  fromDistance: number;
  toDistance: number | null;
  ratePerUnit: number;
  minimumCharge?: number | null;
}
export interface ZoneRate {
  fromZoneId: number;
  toZoneId: number;
  amount: number;
  bothDirections?: boolean;
  currency?: string | null;
  /** The zones' names, for the line's description (else the zones read by id). */
  fromZoneName?: string | null;
  toZoneName?: string | null;
}
export interface IntlRate {
  id?: number;
  fromCountry: string;
  toCountry: string;
  flatAmount?: number | null;
  ratePerUnit?: number | null;
  minimumCharge?: number | null;
}
export interface ShipmentTypeRule {
  id: number;
  name: string;
  multiplier?: number | null;
  baseCharge?: number | null;
  ratePerUnit?: number | null;
  currency?: string | null;
}
export interface ChargeRule {
  id: number;
  name: string;
  kind: ChargeKind;
  rate: number;
  currency?: string | null;
  minimumCharge?: number | null;
  weightUnit?: WeightUnit | null;
  freeUnits?: number | null;
}

export interface RatingModel {
  /** ISO 4217 of every amount of the model unless a rule says otherwise. */
  currency: string;
  distanceUnit: DistanceUnit;
  /** Added once to a distance-priced linehaul. */
  baseCharge: number;
  /** tiered: each band's part of the distance at that band's rate; whole: the whole distance at the
   *  rate of the band it falls in. */
  mileageMode: 'tiered' | 'whole';
  mileageBands: MileageBand[];
  minimumLinehaul?: number | null;
  zoneRates: ZoneRate[];
  intlRates: IntlRate[];
  shipmentTypes: ShipmentTypeRule[];
  charges: ChargeRule[];
}

export interface Shipment {
  /** In `distanceUnit` of the shipment (below). */
  distance: number;
  distanceUnit: DistanceUnit;
  fromZoneId?: number | null;
  toZoneId?: number | null;
  /** ISO 3166-1 alpha-2. */
  fromCountry: string;
  toCountry: string;
  stops: number;
  items: number;
  pallets: number;
  weight: number;
  weightUnit: WeightUnit;
  shipmentTypeId?: number | null;
  /** The accessorials that apply to this shipment. */
  chargeIds: number[];
  /** Wanted currency of the quote (default: the model's). */
  currency?: string | null;
}

/** 1 `from` = `rate` `to`, on `date` (YYYY-MM-DD). */
export interface FxRate {
  from: string;
  to: string;
  rate: number;
  date: string;
}

/** The FX rate a converted line was priced with: the stored pair, and whether it was read backwards
 *  (the line's currency is the pair's `to`, so amounts were divided by `rate`). */
export interface LineFx {
  from: string;
  to: string;
  rate: number;
  date: string;
  inverse: boolean;
}

export interface QuoteLine {
  code: string;
  description: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  currency: string;
  /** The model's charge rule of an accessorial line. */
  chargeId?: number;
  /** True when the line's minimum charge, not quantity × unit price, set its amount. */
  minimumApplied?: boolean;
  /** Present when the line's prices were in another currency than the quote's. */
  fx?: LineFx;
}

export interface Quote {
  currency: string;
  lines: QuoteLine[];
  total: number;
  linehaul: number;
  warnings: string[];
}

/** Input the engine cannot price: a broken model, an impossible shipment, a missing FX rate. The
 *  HTTP layer answers it with a 400; `field` is the path of the offending value
 *  (`shipment.distance`, `model.mileageBands[1]`, `fx`...). */
export class RatingError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'RatingError';
  }
}
