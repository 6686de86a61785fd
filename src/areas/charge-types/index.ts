// Charge types (accessorials): the company's list (part 2, /Accounting/chargeTypes) and each
// customer's copy of it (part 1, /Customers/{customerId}/chargeTypes), one area since they share
// one model and pricing reads them together. Other code uses chargeRulesFor() (pricing) and
// seedSystemChargeTypes() (company provisioning) from here.
import type { Area } from '../../platform/area.js';
import { ChargeTypesErrors } from './charge-types.errors.js';
import { chargeTypeRecords } from './charge-types.repository.js';
import { chargeTypesRoutes } from './charge-types.routes.js';
import { ChargeType } from './charge-types.schemas.js';
import { chargeTypesService } from './charge-types.service.js';
import { customerChargeTypesRoutes } from './customer-charge-types.routes.js';
import { customerChargeTypesService } from './customer-charge-types.service.js';

export const chargeTypesArea: Area = {
  name: 'Charge types',
  errors: ChargeTypesErrors,
  resources: [chargeTypeRecords],
  schemas: [ChargeType],
  routes: () => [...chargeTypesRoutes(chargeTypesService()), ...customerChargeTypesRoutes(customerChargeTypesService())],
};

export { type ChargeTypeRule, chargeRulesFor } from './charge-rules.repository.js';
export { chargeTypeRecords, lineChargeTypeRecords, seedSystemChargeTypes } from './charge-types.repository.js';
export { CHARGE_KINDS, type ChargeKind, type ChargeTypeT, type WeightUnit } from './charge-types.schemas.js';
