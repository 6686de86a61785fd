// Pricing models (part 1, "Pricing"; the models are not shown there, so designed here): what a
// freight company prices a shipment's linehaul from. The company has one default model; a customer
// may have its own, derived from the default (a copy it then edits), until it is deleted or
// reverted. The rating engine (src/pricing/rating/README.md) applies these fields.

import type { Selectable } from 'kysely';
import { DateTime, Id, NameEnum, Nullable, Opt, type Static, Type } from '../../platform/schemas.js';
import type { PricingIntlRatesTable, PricingMileageChargesTable, PricingModelsTable } from './pricing.tables.js';

const Distance = (description: string) =>
  Type.Number({ minimum: 0, maximum: 100000, description: `${description} In the model unit (mi or km); 2 decimals are kept.` });
const Rate = (description: string) => Type.Number({ minimum: 0, maximum: 1000000, description: `${description} In the model currency; 4 decimals are kept.` });
const Amount = (description: string) => Type.Number({ minimum: 0, maximum: 999999999999.99, description: `${description} In the model currency.` });
export const Currency = Type.String({ pattern: '^[A-Za-z]{3}$', description: 'ISO 4217 code (USD, CAD, MXN, EUR...).' });
export const Country = Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2 country code.' });
export const DistanceUnit = NameEnum(['mi', 'km'], { description: 'Unit of every distance and per-unit rate of the model.' });
export const MileageMode = NameEnum(['tiered', 'whole'], {
  description:
    'tiered: each band prices its own part of the distance (0-100 at one rate, 100-500 at the next...); whole: the whole distance at the rate of the band it falls in.',
});

export const MileageChargeDto = Type.Object(
  {
    id: Id,
    fromDistance: Type.Number({ description: 'Start of the band (inclusive), in the model unit.' }),
    toDistance: Nullable(Type.Number({ description: 'End of the band (exclusive); null: no end (the last band).' })),
    ratePerUnit: Type.Number({ description: 'Price per mile or km within the band, in the model currency.' }),
    minimumCharge: Nullable(Type.Number({ description: 'Least this band charges when the distance reaches it.' })),
  },
  {
    $id: 'MileageChargeDto',
    description:
      'A distance band of a pricing model: the rate per mile or km between two distances. Bands start at 0, each where the one before ends; only the last has no end.',
  },
);
export type MileageChargeDtoT = Static<typeof MileageChargeDto>;

export const PricingIntlRateDto = Type.Object(
  {
    id: Id,
    fromCountry: Type.String({ description: 'Origin country, ISO 3166-1 alpha-2.' }),
    toCountry: Type.String({ description: 'Destination country, ISO 3166-1 alpha-2.' }),
    flatAmount: Nullable(Type.Number({ description: 'Flat linehaul for the pair; when set, per-unit pricing is not used.' })),
    ratePerUnit: Nullable(Type.Number({ description: 'Price per mile or km for the pair (when no flat amount).' })),
    minimumCharge: Nullable(Type.Number({ description: 'Least linehaul for the pair.' })),
  },
  {
    $id: 'PricingIntlRateDto',
    description:
      'The linehaul of a cross-border move from one country to another (one way: US→MX does not price MX→US), in the model currency; one per country pair.',
  },
);
export type PricingIntlRateDtoT = Static<typeof PricingIntlRateDto>;

export const PricingModelDto = Type.Object(
  {
    id: Id,
    name: Type.String({ description: 'Shown to users ("Standard road rates"; a customer\'s model starts as "Pricing for <customer>").' }),
    customerId: Nullable(Type.Integer({ format: 'int32', description: 'The customer whose own model this is; null for the company default.' })),
    isDefault: Type.Boolean({ description: 'True for the company default model.' }),
    currency: Type.String({ description: 'ISO 4217 currency of every amount of the model.' }),
    distanceUnit: DistanceUnit,
    baseCharge: Type.Number({ description: 'Added once to a linehaul priced by distance (not to zone or international rates), in the model currency.' }),
    mileageMode: MileageMode,
    minimumLinehaul: Nullable(
      Type.Number({ description: 'Least a linehaul priced by distance comes to (base charge + mileage), in the model currency; null: none.' }),
    ),
    mileageCharges: Type.Array(Type.Ref('MileageChargeDto'), { description: 'Distance bands, by their start; they never overlap.' }),
    intlRates: Type.Array(Type.Ref('PricingIntlRateDto'), { description: 'Rates per country pair, used when origin and destination countries differ.' }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  {
    $id: 'PricingModelDto',
    description:
      "What the linehaul of a shipment is priced from: the company default, or a customer's own model derived from it. " +
      'A zone-to-zone rate (PricingZones) applies first, then the rate of the country pair, else base charge + mileage bands; ' +
      'shipment types and charge types (accessorials) come on top, converted with FxRates where currencies differ.',
  },
);
export type PricingModelDtoT = Omit<Static<typeof PricingModelDto>, 'mileageCharges' | 'intlRates'> & {
  mileageCharges: MileageChargeDtoT[];
  intlRates: PricingIntlRateDtoT[];
};

export const MileageChargeInput = Type.Object({
  fromDistance: Distance('Start of the band (inclusive): 0 for the first band, else where the band before ends.'),
  toDistance: Opt(Distance('End of the band (exclusive); null or absent: no end (the last band).')),
  ratePerUnit: Rate('Price per mile or km within the band.'),
  minimumCharge: Opt(Amount('Least the band charges once the distance reaches it; null: none.')),
});
export type MileageChargeInputT = Static<typeof MileageChargeInput>;

export const IntlRateInput = Type.Object({
  id: Opt({ ...Id, description: "The rate to change; absent: the pair's rate is added, or replaces the one the model has." } as typeof Id),
  fromCountry: Country,
  toCountry: Country,
  flatAmount: Opt(Amount('Flat linehaul for the pair; when set, ratePerUnit is not used.')),
  ratePerUnit: Opt(Rate('Price per mile or km for the pair (needed when there is no flatAmount).')),
  minimumCharge: Opt(Amount('Least linehaul for the pair.')),
});
export type IntlRateInputT = Static<typeof IntlRateInput>;

export const PricingModelInput = Type.Object({
  id: Opt({ ...Id, description: "The model's id, checked when sent: the default's, or (with customerId) the customer's." } as typeof Id),
  customerId: Opt({
    ...Id,
    description: 'The customer whose own model is changed (derived from the default on its first change); absent: the company default.',
  } as typeof Id),
  name: Opt(Type.String({ minLength: 1, maxLength: 200, description: 'Shown to users.' })),
  currency: Opt(Currency),
  distanceUnit: Opt(DistanceUnit),
  baseCharge: Opt(Amount('Added once to a linehaul priced by distance.')),
  mileageMode: Opt(MileageMode),
  minimumLinehaul: Opt(Amount('Least a linehaul priced by distance comes to; null: none.')),
  mileageCharges: Type.Optional(Type.Array(MileageChargeInput, { maxItems: 100, description: 'When sent, replaces every band.' })),
  intlRates: Type.Optional(Type.Array(IntlRateInput, { maxItems: 500, description: 'When sent, replaces every country-pair rate.' })),
});
export type PricingModelInputT = Static<typeof PricingModelInput>;

/** `AddMileageChargeRequestDto`: one band added to the model. */
export const AddMileageChargeRequestDto = Type.Object(MileageChargeInput.properties, {
  $id: 'AddMileageChargeRequestDto',
  description: "A distance band added after the model's last one (a start inside an open-ended last band ends that band there).",
});

/** The band to remove: by id, or by its start and end. */
export const MileageChargeRef = Type.Object({
  id: Opt({ ...Id, description: 'The band to remove (MileageChargeDto.id).' } as typeof Id),
  fromDistance: Opt(Distance('Without id: the start of the band to remove.')),
  toDistance: Opt(Distance('Without id, with fromDistance: the end of the band to remove (null: the open-ended one).')),
  ratePerUnit: Opt(Rate('Ignored (a MileageChargeDto may be sent back as it is).')),
  minimumCharge: Opt(Amount('Ignored.')),
});
export type MileageChargeRefT = Static<typeof MileageChargeRef>;

export const CustomerQuery = Type.Object({
  customerId: Type.Optional(Type.Integer({ format: 'int32', description: 'The customer; the company default model when absent.' })),
});
export const CustomerRequiredQuery = Type.Object({
  customerId: Type.Integer({ format: 'int32', description: 'The customer.' }),
});
export const ModelQuery = Type.Object({
  pricingModelId: Type.Integer({ format: 'int32', description: 'The pricing model to change.' }),
});
export const RevertQuery = Type.Object({
  customerId: Type.Integer({ format: 'int32', description: 'The customer whose model returns to the default.' }),
  pricingModelId: Type.Optional(Type.Integer({ format: 'int32', description: "The customer's model (checked when sent)." })),
});
export const RateIdParams = Type.Object({ rateId: Id });

export type PricingModelRow = Omit<Selectable<PricingModelsTable>, 'company_id'>;
export type MileageChargeRow = Omit<Selectable<PricingMileageChargesTable>, 'company_id'>;
export type IntlRateRow = Omit<Selectable<PricingIntlRatesTable>, 'company_id'>;

export const toMileageCharge = (r: MileageChargeRow): MileageChargeDtoT => ({
  id: r.id,
  fromDistance: r.from_distance,
  toDistance: r.to_distance,
  ratePerUnit: r.rate_per_unit,
  minimumCharge: r.minimum_charge,
});
export const toIntlRate = (r: IntlRateRow): PricingIntlRateDtoT => ({
  id: r.id,
  fromCountry: r.from_country,
  toCountry: r.to_country,
  flatAmount: r.flat_amount,
  ratePerUnit: r.rate_per_unit,
  minimumCharge: r.minimum_charge,
});

export function toPricingModel(m: PricingModelRow, bands: MileageChargeRow[], intl: IntlRateRow[]): PricingModelDtoT {
  return {
    id: m.id,
    name: m.name,
    customerId: m.customer_id,
    isDefault: m.customer_id === null,
    currency: m.currency,
    distanceUnit: m.distance_unit,
    baseCharge: m.base_charge,
    mileageMode: m.mileage_mode,
    minimumLinehaul: m.minimum_linehaul,
    mileageCharges: bands.map(toMileageCharge),
    intlRates: intl.map(toIntlRate),
    createdAt: m.created_at,
    updatedAt: m.updated_at,
  };
}
