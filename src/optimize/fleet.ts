// Fleet minimization, for the vehicle-first objective: take a whole route out, then ruin and
// recreate with the remaining vehicles only until every job fits again; repeat while time allows.
// A candidate is kept when it leaves fewer jobs out, or jobs that were left out less often: each
// job counts the iterations it has spent unassigned (its "absences"), so the search keeps pushing
// the hard jobs in first and lets the easy ones make room (Christiaens and Vanden Berghe, 2020);
// half the recreates also insert the most absent jobs first.
import type { Instance } from './compile.js';
import { type Context, compareScores, newScore, type Plan } from './plan.js';
import { type JobKeys, recreate } from './recreate.js';
import { emptyRoute, type RuinParams, ruinStrings } from './ruin.js';

export interface Clock {
  /** True once the phase must stop. */
  done(): boolean;
  iterations: number;
  /** Told when the phase finds a better plan. */
  improved(): void;
}

/** The fewest vehicles any solution needs by capacity alone: deliveries on board at the start, pickups at the end. */
export function vehicleLowerBound(inst: Instance, active: Uint8Array): number {
  const { D, V, J } = inst;
  let bound = 1;
  for (let d = 0; d < D; d++) {
    const caps = Array.from({ length: V }, (_, v) => inst.cap[v * D + d]).sort((a, b) => b - a);
    for (const kind of [0, 1]) {
      let total = 0;
      for (let j = 0; j < J; j++) {
        const node = inst.jobNode[j];
        if (active[j] && !inst.jobIsPair[j] && inst.kind[node] === kind) total += Math.abs(inst.delta[node * D + d]);
      }
      let k = 0;
      let sum = 0;
      while (k < V && sum < total - 1e-9) sum += caps[k++];
      bound = Math.max(bound, k);
    }
  }
  return bound;
}

/** The route to take out: fewest free stops; ties broken at random. */
function routeToRemove(ctx: Context, plan: Plan): number {
  let best = -1;
  let bestSize = Infinity;
  let ties = 0;
  for (let r = 0; r < plan.routes.length; r++) {
    const route = plan.routes[r];
    const free = route.n - route.lockedCount;
    if (route.n === 0 || free === 0) continue;
    if (free < bestSize) {
      best = r;
      bestSize = free;
      ties = 1;
    } else if (free === bestSize && ctx.rng.int(++ties) === 0) {
      best = r;
    }
  }
  return best;
}

const absenceSum = (plan: Plan, absences: Float64Array): number => plan.unassigned.reduce((s, j) => s + absences[j], 0);

/**
 * Minimizes the vehicles of `best` (complete: no active job unassigned). `cur` and `cand` are work
 * plans. On return `best` holds the fewest-vehicle complete plan found, and ctx.usable its vehicles.
 */
export function minimizeFleet(ctx: Context, best: Plan, cur: Plan, cand: Plan, keys: JobKeys, ruin: RuinParams, clock: Clock, lowerBound: number): void {
  const { inst } = ctx;
  const absences = new Float64Array(inst.J);
  keys.absences = absences; // read by the "most absent first" order
  const bestScore = best.score(inst, newScore(inst));
  const curScore = newScore(inst);
  const removed: number[] = [];
  cur.copyFrom(best);
  const startRemoval = (): boolean => {
    if (cur.vehicles() <= lowerBound) return false;
    const r = routeToRemove(ctx, cur);
    if (r < 0) return false;
    removed.length = 0;
    emptyRoute(ctx, cur, r, removed);
    cur.unassigned.push(...removed);
    cur.clearTouched();
    for (let v = 0; v < inst.V; v++) ctx.usable[v] = cur.routes[v].n > 0 ? 1 : 0;
    cand.copyFrom(cur);
    return true;
  };
  if (!startRemoval()) return;
  while (!clock.done()) {
    clock.iterations++;
    removed.length = 0;
    ruinStrings(ctx, cand, ruin, removed);
    // Half the time the most absent jobs go in first (order 6): measured on RC101, it halves the
    // iterations the last route takes to fold in.
    recreate(ctx, cand, keys, removed, 0.01, ctx.rng.next() < 0.5 ? 6 : -1);
    const fewer = cand.unassigned.length < cur.unassigned.length;
    if (fewer || absenceSum(cand, absences) < absenceSum(cur, absences)) {
      cur.copyRoutes(cand, cand.touchedList);
    } else {
      cand.copyRoutes(cur, cand.touchedList);
    }
    cand.clearTouched();
    for (const j of cur.unassigned) absences[j]++;
    if (cur.unassigned.length === 0) {
      cur.score(inst, curScore);
      if (compareScores(inst, curScore, bestScore) < 0) {
        best.copyFrom(cur);
        best.score(inst, bestScore);
        clock.improved();
      }
      if (!startRemoval()) break;
    }
  }
  for (let v = 0; v < inst.V; v++) ctx.usable[v] = best.routes[v].n > 0 ? 1 : 0;
}
