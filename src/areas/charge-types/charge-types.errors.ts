// The error codes of this area (docs/error-codes.md is generated from the lists), with the
// HTTP status each answers with. AppError takes only listed codes.
import { errorCodes } from '../../platform/errors.js';

export const ChargeTypesErrors = errorCodes({
  systemType: [400, 'charge_types.system_type', 'A system charge type: its code and kind are fixed, and it is not deleted.'],
  limitReached: [400, 'charge_types.limit_reached', 'The company (or the customer) has the most charge types allowed.'],
  codeConflict: [400, 'customer_charge_types.code_conflict', 'After a sync, two live types of the customer would share a code.'],
});
