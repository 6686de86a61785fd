// Support tickets of customer accounts.
import type { Area } from '../../platform/area.js';
import { supportRoutes } from './support.routes.js';
import { supportService } from './support.service.js';

export const supportArea: Area = {
  name: 'Support tickets',
  routes: () => supportRoutes(supportService()),
};
