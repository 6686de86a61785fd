// The reference area's part of the conventions walk: no company records; its ids (countries, states,
// cities) are global, the same for every company.
import type { AreaWalk } from '../walk.js';

export const referenceWalk: AreaWalk = {
  factories: {},
};
