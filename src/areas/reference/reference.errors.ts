// The error codes of this area (docs/error-codes.md is generated from the lists), with the
// HTTP status each answers with. AppError takes only listed codes.
import { errorCodes } from '../../platform/errors.js';

export const ReferenceErrors = errorCodes({
  cityNotInCountry: [400, 'reference.city_not_in_country', 'The city named is in another country than the one named.'],
});
