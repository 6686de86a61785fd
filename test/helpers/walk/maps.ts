// The maps area's part of the conventions walk: no company records (ExpandUrl is read-only, a point
// is reverse-geocoded from the gazetteer).
import type { AreaWalk } from '../walk.js';

export const mapsWalk: AreaWalk = {
  factories: {},
};
