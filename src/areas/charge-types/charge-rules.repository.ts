// The charge types that apply to a customer, for pricing: the customer's own list when it has one
// (any row at all, even if none is active: an emptied list charges nothing), else the company's.
// Only what is chargeable: active, not deleted, not removed. The rating engine reads them through
// chargeRulesFor(); GET /Accounting/chargeTypes/perStop answers them as ChargeTypes.
import type { Tenant } from '../../db/tenant.js';
import * as companyRepo from './charge-types.repository.js';
import { type ChargeKind, type ChargeTypeT, toChargeType, toCustomerChargeType, type WeightUnit } from './charge-types.schemas.js';
import * as customerRepo from './customer-charge-types.repository.js';

/** What pricing needs of a charge type (src/pricing/rating/ ChargeRule reads these fields). */
export interface ChargeTypeRule {
  /** The type's id: a company type, or the customer's row (ids of both never collide). */
  id: number;
  /** For a customer's row, the company type it copies; null otherwise. */
  chargeTypeId: number | null;
  customerId: number | null;
  name: string;
  code: string;
  kind: ChargeKind;
  unit: string;
  /** Money per unit; for PercentOfLinehaul a percentage (18.5 = 18.5 %). */
  rate: number;
  /** ISO 4217; null: the pricing model's currency. */
  currency: string | null;
  minimumCharge: number | null;
  /** For PerWeight: the unit the rate is per. */
  weightUnit: WeightUnit | null;
  freeUnits: number | null;
  appliesPerStop: boolean;
  isTaxable: boolean;
  isSystem: boolean;
}

/** The chargeable types for a customer (or the company's, for null), as ChargeTypes, by name. */
export async function effectiveTypes(t: Tenant, customerId: number | null): Promise<ChargeTypeT[]> {
  if (customerId !== null) {
    const rows = await customerRepo.rowsOf(t, customerId);
    if (rows.length > 0) return rows.filter((r) => r.is_active && r.removed_at === null).map(toCustomerChargeType);
  }
  const rows = await companyRepo.listTypes(t, { excludeSystem: false, includeDeleted: false });
  return rows.filter((r) => r.is_active).map(toChargeType);
}

export async function chargeRulesFor(t: Tenant, customerId: number | null): Promise<ChargeTypeRule[]> {
  return (await effectiveTypes(t, customerId)).map((c) => ({
    id: c.id,
    chargeTypeId: c.chargeTypeId,
    customerId: c.customerId,
    name: c.name,
    code: c.code,
    kind: c.kind,
    unit: c.unit,
    rate: c.rate,
    currency: c.currency,
    minimumCharge: c.minimumCharge,
    weightUnit: c.weightUnit as WeightUnit | null,
    freeUnits: c.freeUnits,
    appliesPerStop: c.appliesPerStop,
    isTaxable: c.isTaxable,
    isSystem: c.isSystem,
  }));
}
