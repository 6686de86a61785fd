// Reference data (part 1, "Reference data"): countries, states, cities, postal codes.
import { gazetteer } from '../../integrations/geo/index.js';
import type { Area } from '../../platform/area.js';
import { ReferenceErrors } from './reference.errors.js';
import { referenceRoutes } from './reference.routes.js';
import { referenceService } from './reference.service.js';

export const referenceArea: Area = {
  name: 'Reference data',
  errors: ReferenceErrors,
  routes: () => referenceRoutes(referenceService(gazetteer)),
};
