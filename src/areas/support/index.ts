// Support tickets of customer accounts.
import type { Area } from '../../platform/area.js';
import { supportRoutes } from './support.routes.js';
import { supportService } from './support.service.js';
import { SupportErrors } from './support.errors.js';

export const supportArea: Area = {
  name: 'Support tickets',
  errors: SupportErrors,
  routes: () => supportRoutes(supportService()),
};
