// Maps (part 1, "Maps"): reverse geocoding and expanding shortened map links.
import { gazetteer } from '../../integrations/geo/index.js';
import type { Area } from '../../platform/area.js';
import { MapsErrors } from './maps.errors.js';
import { mapsRoutes } from './maps.routes.js';
import { mapsService } from './maps.service.js';

export const mapsArea: Area = {
  name: 'Maps',
  errors: MapsErrors,
  routes: (deps) => mapsRoutes(mapsService({ geo: gazetteer, expand: { allowPrivate: deps.config.expandUrlAllowPrivate } })),
};

export { mapsService } from './maps.service.js';
