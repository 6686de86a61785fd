// Reference data (part 1, "Reference data"): countries, states, cities, postal codes.
import type { Area } from '../../platform/area.js';

export const referenceArea: Area = {
  name: 'Reference data',
  routes: () => [],
};
