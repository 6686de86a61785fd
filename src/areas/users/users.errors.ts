// The error codes of this area (docs/error-codes.md is generated from the lists), with the
// HTTP status each answers with. AppError takes only listed codes.
import { errorCodes } from '../../platform/errors.js';

export const UsersErrors = errorCodes({
  lastCompanyAdmin: [400, 'users.last_company_admin', 'The change would leave the company without an enabled Company Admin.'],
  cannotDeleteSelf: [400, 'users.cannot_delete_self', 'A user cannot delete their own user.'],
  cannotDisableSelf: [400, 'users.cannot_disable_self', 'A user cannot disable their own user.'],
  userDisabled: [400, 'users.user_disabled', 'A disabled user cannot be invited; enable the user first.'],
  invalidEmail: [400, 'users.invalid_email', 'The email is not an email address.'],
  weakPassword: [400, 'users.weak_password', 'The password is shorter than the minimum length.'],
  companyNameRequired: [400, 'companies.name_required', 'A company needs a name (CLI).'],
  companyNotFound: [400, 'companies.not_found', 'The CLI named a company that does not exist.'],
  userNotFound: [400, 'users.not_found', 'The CLI named an email no user has.'],
  roleNotFound: [400, 'roles.not_found', 'The CLI named a role the company does not have; the message lists its roles.'],
});
