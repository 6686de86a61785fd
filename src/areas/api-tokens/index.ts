// Personal API tokens: an integration's credentials, bound to one user and some of its roles
// (issue 39). Their use as credentials is the platform's (platform/api-tokens.ts, auth.ts).
import type { Area } from '../../platform/area.js';
import { apiTokenRecords } from './api-tokens.repository.js';
import { apiTokensRoutes } from './api-tokens.routes.js';
import { apiTokensService } from './api-tokens.service.js';

export { apiTokenRecords };

export const apiTokensArea: Area = {
  name: 'API tokens',
  resources: [apiTokenRecords],
  routes: () => apiTokensRoutes(apiTokensService()),
};
