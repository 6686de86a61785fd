// Distance and weight in the unit a rate is quoted in. The factors are the international
// definitions (exact), so 160.9344 km is exactly 100 mi and lands exactly on a band boundary.

import type { DistanceUnit, WeightUnit } from './model.js';
import { Exact } from './money.js';

/** 1 mi = 1.609344 km (international mile, exact). */
export const KM_PER_MI = 1.609344;
/** 1 lb = 0.45359237 kg (international avoirdupois pound, exact). */
export const KG_PER_LB = 0.45359237;

const KM_PER_MI_EXACT = Exact.of(KM_PER_MI);
const KG_PER_LB_EXACT = Exact.of(KG_PER_LB);

export function distanceIn(distance: Exact, from: DistanceUnit, to: DistanceUnit): Exact {
  if (from === to) return distance;
  return from === 'mi' ? distance.times(KM_PER_MI_EXACT) : distance.div(KM_PER_MI_EXACT);
}

export function weightIn(weight: Exact, from: WeightUnit, to: WeightUnit): Exact {
  if (from === to) return weight;
  return from === 'lb' ? weight.times(KG_PER_LB_EXACT) : weight.div(KG_PER_LB_EXACT);
}
