// The rules of a charge type's fields, the same for a company's type and a customer's: a request
// merged into the current values (or the defaults), checked field by field so that a wrong one is
// a clear 400 naming it. No database here: uniqueness is checked by the services.
import { fail, invalid } from '../../platform/errors.js';
import { isCurrencyCode } from '../../platform/validation.js';
import { ChargeTypesErrors } from './charge-types.errors.js';
import { type ChargeKind, type ChargeTypeUpdateT, COUNTED_KINDS, type PricingValues, type WeightUnit } from './charge-types.schemas.js';

/** The unit label a kind is quoted in when no other is given. */
export function defaultUnit(kind: ChargeKind, weightUnit: WeightUnit | null): string {
  switch (kind) {
    case 'Flat':
      return 'flat';
    case 'PerStop':
      return 'stop';
    case 'PerItem':
      return 'item';
    case 'PerPallet':
      return 'pallet';
    case 'PerWeight':
      return weightUnit ?? 'lb';
    case 'PercentOfLinehaul':
      return 'percent';
  }
}

/** On create without a kind, a unit label that names one picks it ("stop" → PerStop). */
const KIND_OF_UNIT: Record<string, { kind: ChargeKind; weightUnit?: WeightUnit }> = {
  flat: { kind: 'Flat' },
  stop: { kind: 'PerStop' },
  stops: { kind: 'PerStop' },
  item: { kind: 'PerItem' },
  items: { kind: 'PerItem' },
  piece: { kind: 'PerItem' },
  pieces: { kind: 'PerItem' },
  pcs: { kind: 'PerItem' },
  pallet: { kind: 'PerPallet' },
  pallets: { kind: 'PerPallet' },
  lb: { kind: 'PerWeight', weightUnit: 'lb' },
  lbs: { kind: 'PerWeight', weightUnit: 'lb' },
  pound: { kind: 'PerWeight', weightUnit: 'lb' },
  pounds: { kind: 'PerWeight', weightUnit: 'lb' },
  kg: { kind: 'PerWeight', weightUnit: 'kg' },
  kgs: { kind: 'PerWeight', weightUnit: 'kg' },
  percent: { kind: 'PercentOfLinehaul' },
  '%': { kind: 'PercentOfLinehaul' },
};

const unitHint = (unit: string | null | undefined) => (unit ? KIND_OF_UNIT[unit.trim().toLowerCase()] : undefined);

/** A code made from a name: LIFTGATE for "Liftgate", RESIDENTIAL_DELIVE for "Residential delivery". */
export function codeFromName(name: string): string {
  const code = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 16)
    .replace(/_+$/, '');
  return code || 'CHARGE';
}

/** `base` unless taken, else base_2, base_3... (`taken` holds upper-case codes). */
export function freeCode(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base.slice(0, 20 - String(n).length - 1)}_${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A nullable field: absent keeps the current value, null clears it. */
function pick<T>(sent: T | null | undefined, current: T | null, fallback: T | null = null): T | null {
  if (sent === undefined) return current ?? fallback;
  return sent;
}

export interface Merged extends Omit<PricingValues, 'code'> {
  /** null: not sent and none yet (the service makes one from the name). */
  code: string | null;
}

/**
 * The values a request leads to: `current` null for a new type. A system type keeps its code and
 * kind. Throws a validation problem naming the field when a value does not fit the kind.
 */
export function mergeValues(input: ChargeTypeUpdateT, current: (PricingValues & { is_system?: boolean }) | null): Merged {
  const name = input.name === undefined || input.name === null ? (current?.name ?? '') : input.name.trim();
  if (!name) throw invalid('name', 'The name field is required and must not be blank.');

  const hint = current ? undefined : unitHint(input.unit);
  const kind: ChargeKind = input.kind ?? current?.kind ?? hint?.kind ?? 'Flat';
  const code = input.code ? input.code.toUpperCase() : (current?.code ?? null);
  if (current?.is_system && (code !== current.code || kind !== current.kind)) {
    throw fail(ChargeTypesErrors.systemType, `"${current.name}" is a system type: its code (${current.code}) and kind (${current.kind}) are fixed.`);
  }

  if (input.weightUnit && kind !== 'PerWeight') throw invalid('weightUnit', `weightUnit applies to kind PerWeight only (this type is ${kind}).`);
  const weightUnit = kind === 'PerWeight' ? (input.weightUnit ?? current?.weight_unit ?? hint?.weightUnit ?? 'lb') : null;

  // A unit label left out follows the kind, unless the type had a label of its own.
  const sentUnit = input.unit?.trim();
  const customUnit = current && current.unit !== defaultUnit(current.kind, current.weight_unit) && input.unit !== null ? current.unit : null;
  const unit = sentUnit || customUnit || defaultUnit(kind, weightUnit);

  const rate = input.rate ?? current?.rate ?? 0;
  if (kind === 'PercentOfLinehaul' && rate > 1000) throw invalid('rate', 'A PercentOfLinehaul rate is a percentage: at most 1000.');

  let currency = pick(input.currency, current?.currency ?? null);
  if (currency !== null) {
    currency = currency.toUpperCase();
    if (!isCurrencyCode(currency)) throw invalid('currency', `${currency} is not an ISO 4217 currency code.`);
  }

  const counted = COUNTED_KINDS.includes(kind);
  if (input.freeUnits !== undefined && input.freeUnits !== null && !counted) {
    throw invalid('freeUnits', `freeUnits applies to counted kinds only (PerStop, PerItem, PerPallet, PerWeight); this type is ${kind}.`);
  }
  const freeUnits = counted ? pick(input.freeUnits, current?.free_units ?? null) : null;

  if (kind === 'PerStop' && input.appliesPerStop === false) throw invalid('appliesPerStop', 'A PerStop type always applies per stop.');
  const appliesPerStop = kind === 'PerStop' ? true : (input.appliesPerStop ?? current?.applies_per_stop ?? false);

  const description = input.description === undefined ? (current?.description ?? null) : input.description?.trim() || null;

  return {
    code,
    name,
    description,
    kind,
    unit,
    rate,
    currency,
    weight_unit: weightUnit,
    free_units: freeUnits,
    applies_per_stop: appliesPerStop,
    minimum_charge: pick(input.minimumCharge, current?.minimum_charge ?? null),
    is_taxable: input.isTaxable ?? current?.is_taxable ?? false,
    is_active: input.isActive ?? current?.is_active ?? true,
  };
}
