// Maps (part 1, "Maps"): reverse geocoding and expanding shortened map links.
import type { Area } from '../../platform/area.js';

export const mapsArea: Area = {
  name: 'Maps',
  routes: () => [],
};
