// The account area: sign-in, the signed-in user, the company, the version.
import type { Area } from '../../platform/area.js';
import { accountRoutes } from './account.routes.js';
import { accountService } from './account.service.js';

export const accountArea: Area = {
  name: 'Account and company',
  routes: (deps) => accountRoutes(accountService({ db: deps.db, tokens: deps.tokens, config: deps.config })),
};

export { API_VERSIONS } from './account.service.js';
