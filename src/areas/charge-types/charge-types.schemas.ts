// ChargeType (the spec names it without fields; its core fields, docs/architecture.md: id, name, rate, unit): one
// model for the company's charge types and for a customer's, designed for what a carrier bills
// besides the linehaul — liftgate, residential or inside delivery, detention, pallet jack, fuel
// surcharge — and for what the rating engine (src/pricing/rating/) needs to price them.
import { DateTime, Id, NameEnum, Nullable, Opt, type Static, Type } from '../../platform/schemas.js';

export const CHARGE_KINDS = ['Flat', 'PerStop', 'PerItem', 'PerPallet', 'PerWeight', 'PercentOfLinehaul'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];
export const WEIGHT_UNITS = ['lb', 'kg'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** Kinds whose rate is multiplied by a count of something, so that some units may be free. */
export const COUNTED_KINDS: readonly ChargeKind[] = ['PerStop', 'PerItem', 'PerPallet', 'PerWeight'];

/** Most charge types a company (or one customer) may have: the lists are answered unpaged. */
export const MAX_CHARGE_TYPES = 500;

const KIND_DESCRIPTION =
  'How the rate is applied: Flat (once per order, or per stop where appliesPerStop), PerStop (rate × stops), PerItem (rate × items), ' +
  'PerPallet (rate × pallets), PerWeight (rate × weight in weightUnit), PercentOfLinehaul (rate % of the linehaul). ' +
  'Requests accept the name (any case) or its position from 0.';

const Kind = NameEnum(CHARGE_KINDS, { description: KIND_DESCRIPTION });

/** 'lb' or 'kg', or null; '' reads as null. */
const NullableWeightUnit = Type.Unsafe<WeightUnit | null>({
  type: ['string', 'null'],
  enum: [...WEIGHT_UNITS, null],
  'x-enum': { lb: 0, kg: 1 },
  description: 'Unit of the weight a PerWeight rate is per (lb or kg); null for the other kinds. Default lb for PerWeight.',
});

const Rate = (description: string) => Type.Number({ minimum: 0, maximum: 9999999999.9999, description });
const Amount = (description: string) => Type.Number({ minimum: 0, maximum: 999999999999.99, description });
const Units = (description: string) => Type.Number({ minimum: 0, maximum: 9999999999.9999, description });

export const ChargeType = Type.Object(
  {
    id: Id,
    name: Type.String({ description: "Shown on quotes and invoices, e.g. Liftgate. Unique (any case) among the company's live types." }),
    code: Type.String({
      description:
        "Short key, upper-case (LIFTGATE, RESI, FUEL): unique among the company's live types, and among a customer's. Pricing and integrations find a type by it.",
    }),
    description: Nullable(Type.String({ description: 'When and why the charge applies, for users and customers.' })),
    kind: Kind,
    unit: Type.String({
      description:
        'The unit the rate is quoted in, as shown next to it: by default from the kind (flat, stop, item, pallet, lb or kg, percent); any short label may replace it.',
    }),
    rate: Type.Number({ description: 'Money per unit of the kind (4 decimals); for PercentOfLinehaul a percentage (18.5 = 18.5 %).' }),
    currency: Nullable(Type.String({ description: 'ISO 4217 code of the rate and minimumCharge; null: the currency of the pricing model that applies.' })),
    minimumCharge: Nullable(Type.Number({ description: 'Least amount charged when the charge applies (e.g. a fuel surcharge of at least 25); null: none.' })),
    weightUnit: Nullable(Type.String({ enum: [...WEIGHT_UNITS], description: 'lb or kg: the weight a PerWeight rate is per; null for the other kinds.' })),
    freeUnits: Nullable(
      Type.Number({
        description: 'Units not charged before the rate applies (the first 2 pallets, the first 500 lb, the first stop); counted kinds only, null: none.',
      }),
    ),
    appliesPerStop: Type.Boolean({
      description:
        'The type is chosen on stops and charged at each stop it is chosen on (liftgate, residential or inside delivery, detention); always true for kind PerStop. GET /Accounting/chargeTypes/perStop lists these.',
    }),
    isTaxable: Type.Boolean({ description: 'Sales tax applies to the charge on invoices.' }),
    isActive: Type.Boolean({ description: 'Inactive types are kept and listed but not charged or offered on stops.' }),
    isSystem: Type.Boolean({
      description:
        'Every company has the system types Linehaul (LINEHAUL) and Fuel surcharge (FUEL), whose lines pricing makes itself: they cannot be deleted (deactivate instead), their code and kind are fixed, and excludeSystemForInvoice=true leaves them out.',
    }),
    customerId: Nullable(Type.Integer({ format: 'int32', description: "The customer whose list the type belongs to; null for the company's types." })),
    chargeTypeId: Nullable(
      Type.Integer({
        format: 'int32',
        description:
          "For a customer's type: the company type it is the customer's copy of (POST /Customers/{customerId}/chargeTypes/sync keeps its name, code, kind and unit in step; the rates stay the customer's); null for the customer's own types and for company types.",
      }),
    ),
    isRemoved: Type.Boolean({
      description:
        "For a customer's type: the company type it copies was deleted (found by sync). Kept with its rates but not charged; PUT keeps it as the customer's own type, DELETE drops it. Always false for company types.",
    }),
    createdAt: DateTime,
    updatedAt: DateTime,
    deletedAt: Nullable({
      ...DateTime,
      description: "When the company type was deleted (kept for past orders; a PUT restores it); null while live, and for customers' types.",
    } as typeof DateTime),
  },
  {
    $id: 'ChargeType',
    description:
      "A charge besides the linehaul (an accessorial), of the company or of one customer. Ids of company types and of customers' types never collide.",
  },
);
export type ChargeTypeT = Static<typeof ChargeType>;

/** Fields a request may send: for POST, name is required and the rest defaults; for PUT, fields
 *  left out keep their value and null clears a field that may be empty. Read-only fields sent
 *  back (id, isSystem, createdAt...) are ignored. */
const inputFields = {
  code: Opt(
    Type.String({
      pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$',
      description: 'Letters, digits, _ and -, up to 20, stored upper-case. Default: made from the name.',
    }),
  ),
  description: Opt(Type.String({ maxLength: 2000, description: 'When and why the charge applies.' })),
  kind: Type.Optional(Kind),
  unit: Opt(
    Type.String({
      minLength: 1,
      maxLength: 20,
      description:
        "Label of the rate's unit; default from the kind. On create without a kind, a known unit picks the kind: stop, item, pallet, lb, kg, percent (or %).",
    }),
  ),
  rate: Opt(Rate('Money per unit of the kind, or for PercentOfLinehaul a percentage (18.5 = 18.5 %); 4 decimals are kept. Default 0.')),
  currency: Opt(Type.String({ pattern: '^[A-Za-z]{3}$', description: 'ISO 4217, e.g. USD.' })),
  minimumCharge: Opt(Amount("Least amount charged when the charge applies, in the type's currency; null: none.")),
  weightUnit: Type.Optional(NullableWeightUnit),
  freeUnits: Opt(
    Units('Units not charged before the rate applies (the first 2 pallets, the first 500 lb); counted kinds only (PerStop, PerItem, PerPallet, PerWeight).'),
  ),
  appliesPerStop: Opt(
    Type.Boolean({ description: 'Chosen on stops and charged at each stop it is chosen on; always true for PerStop. Default false (true for PerStop).' }),
  ),
  isTaxable: Opt(Type.Boolean({ description: 'Default false.' })),
  isActive: Opt(Type.Boolean({ description: 'Default true.' })),
};

const NAME_DESCRIPTION = 'Shown on quotes and invoices, e.g. Liftgate; unique (any case) among the live types of the list.';
export const ChargeTypeCreate = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100, description: NAME_DESCRIPTION }), ...inputFields });
export const ChargeTypeUpdate = Type.Object({ name: Opt(Type.String({ minLength: 1, maxLength: 100, description: NAME_DESCRIPTION })), ...inputFields });
export type ChargeTypeUpdateT = Static<typeof ChargeTypeUpdate>;

export const ChargeTypesQuery = Type.Object({
  excludeSystemForInvoice: Type.Optional(
    Type.Boolean({ default: false, description: "Leave out the system types (Linehaul, Fuel surcharge), as an invoice's line picker needs." }),
  ),
  includeDeleted: Type.Optional(Type.Boolean({ default: false, description: 'Add the deleted types (fds extension), to find one to restore.' })),
});
export const PerStopQuery = Type.Object({
  customerId: Type.Optional(
    Type.Integer({ format: 'int32', description: "The types that apply to this customer: its own list when it has one, else the company's." }),
  ),
});
export const CustomerTypesQuery = Type.Object({
  seedIfEmpty: Type.Optional(
    Type.Boolean({
      default: true,
      description:
        'When the customer has no charge types and the user may edit customers ("Create customers"), copy the company\'s types to it first. false: read only.',
    }),
  ),
});
export const IdsBody = Type.Array(Id, { minItems: 1, maxItems: MAX_CHARGE_TYPES, description: 'Charge type ids.' });
export const IdParams = Type.Object({ id: Id });
export const CustomerParams = Type.Object({ customerId: Id });
export const CustomerTypeParams = Type.Object({
  customerId: Id,
  chargeTypeId: Type.Integer({
    format: 'int32',
    minimum: 0,
    maximum: 2147483647,
    description:
      "One of the customer's types, by its id or by the company type it copies; a company type the customer's list lacks is added; 0 adds a type of the customer's own.",
  }),
});

/** What a write sets in either table (is_system is set apart: only the system types have it). */
export interface PricingValues {
  code: string;
  name: string;
  description: string | null;
  kind: ChargeKind;
  unit: string;
  rate: number;
  currency: string | null;
  minimum_charge: number | null;
  weight_unit: WeightUnit | null;
  free_units: number | null;
  applies_per_stop: boolean;
  is_taxable: boolean;
  is_active: boolean;
}

export interface PricingRow extends PricingValues {
  id: number;
  is_system: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface CompanyTypeRow extends PricingRow {
  deleted_at: Date | null;
}

export interface CustomerTypeRow extends PricingRow {
  customer_id: number;
  charge_type_id: number | null;
  removed_at: Date | null;
}

export const PRICING_COLUMNS = [
  'id',
  'code',
  'name',
  'description',
  'kind',
  'unit',
  'rate',
  'currency',
  'minimum_charge',
  'weight_unit',
  'free_units',
  'applies_per_stop',
  'is_taxable',
  'is_active',
  'is_system',
  'created_at',
  'updated_at',
] as const;

function pricing(r: PricingRow) {
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    description: r.description,
    kind: r.kind,
    unit: r.unit,
    rate: r.rate,
    currency: r.currency,
    minimumCharge: r.minimum_charge,
    weightUnit: r.weight_unit,
    freeUnits: r.free_units,
    appliesPerStop: r.applies_per_stop,
    isTaxable: r.is_taxable,
    isActive: r.is_active,
    isSystem: r.is_system,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export const toChargeType = (r: CompanyTypeRow): ChargeTypeT => ({
  ...pricing(r),
  customerId: null,
  chargeTypeId: null,
  isRemoved: false,
  deletedAt: r.deleted_at,
});

export const toCustomerChargeType = (r: CustomerTypeRow): ChargeTypeT => ({
  ...pricing(r),
  customerId: r.customer_id,
  chargeTypeId: r.charge_type_id,
  isRemoved: r.removed_at !== null,
  deletedAt: null,
});

/** The pricing values of a row (to copy it, or to merge a request into it). */
export function valuesOf(r: PricingValues): PricingValues {
  return {
    code: r.code,
    name: r.name,
    description: r.description,
    kind: r.kind,
    unit: r.unit,
    rate: r.rate,
    currency: r.currency,
    minimum_charge: r.minimum_charge,
    weight_unit: r.weight_unit,
    free_units: r.free_units,
    applies_per_stop: r.applies_per_stop,
    is_taxable: r.is_taxable,
    is_active: r.is_active,
  };
}
