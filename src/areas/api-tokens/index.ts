// Personal API tokens: an integration's credentials, bound to one user and some of its roles
// (issue 39). Their use as credentials is the platform's (platform/api-tokens.ts, auth.ts).
import type { Area } from '../../platform/area.js';
import { on } from '../../platform/events.js';
import { memberRemoved } from '../users/index.js';
import { ApiTokensErrors } from './api-tokens.errors.js';
import { apiTokenRecords, revokeTokensOf } from './api-tokens.repository.js';
import { apiTokensRoutes } from './api-tokens.routes.js';
import { apiTokensService } from './api-tokens.service.js';

export { apiTokenRecords };

export const apiTokensArea: Area = {
  name: 'API tokens',
  errors: ApiTokensErrors,
  resources: [apiTokenRecords],
  // A user removed from the company: its tokens end (adding it again brings none back).
  subscriptions: [on(memberRemoved, 'api-tokens', (t, { userId }) => revokeTokensOf(t, userId))],
  routes: () => apiTokensRoutes(apiTokensService()),
};
