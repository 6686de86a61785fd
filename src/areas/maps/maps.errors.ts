// The error codes of this area (docs/error-codes.md is generated from the lists), with the
// HTTP status each answers with. AppError takes only listed codes.
import { errorCodes } from '../../platform/errors.js';

export const MapsErrors = errorCodes({
  invalidUrl: [400, 'maps.invalid_url', 'The link, or an address it redirects to, is not a valid absolute http(s) link.'],
  unsupportedScheme: [400, 'maps.unsupported_scheme', 'The link uses another scheme than http or https.'],
  addressNotAllowed: [400, 'maps.address_not_allowed', 'The link leads to an address that is not on the public internet.'],
  tooManyRedirects: [400, 'maps.too_many_redirects', 'The link redirects more than 5 times.'],
  timeout: [400, 'maps.timeout', 'The link did not lead to an answer within 5 s.'],
  unreachable: [400, 'maps.unreachable', "The link's host could not be reached."],
});
