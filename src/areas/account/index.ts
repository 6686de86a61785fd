// The account area: sign-in, the signed-in user, the company, the version.
import type { Area } from '../../platform/area.js';
import { AccountErrors } from './account.errors.js';
import { accountRoutes } from './account.routes.js';
import { accountService } from './account.service.js';

export const accountArea: Area = {
  name: 'Account and company',
  errors: AccountErrors,
  // Sign-in finds the user's memberships in every company before there is a company to be in.
  privileged: 'sign-in',
  routes: (deps) => accountRoutes(accountService({ db: deps.privileged!, tokens: deps.tokens, config: deps.config })),
};

export { API_VERSIONS } from './account.service.js';
