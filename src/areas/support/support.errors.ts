// The error codes of this area (docs/error-codes.md is generated from the lists), with the
// HTTP status each answers with. AppError takes only listed codes.
import { errorCodes } from '../../platform/errors.js';

export const SupportErrors = errorCodes({
  contactNotOfCustomer: [
    400,
    'support.contact_not_of_customer',
    "The contact named is not one of the ticket's customer's contacts (another customer's, or one the company does not have).",
  ],
});
