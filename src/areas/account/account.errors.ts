// The error codes of this area (docs/error-codes.md is generated from the lists), with the
// HTTP status each answers with. AppError takes only listed codes.
import { errorCodes } from '../../platform/errors.js';

export const AccountErrors = errorCodes({
  invalidInvitation: [400, 'auth.invalid_invitation', 'The invitation token is unknown, already used or expired.'],
});
